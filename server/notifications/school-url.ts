// Absolute URLs on a school's own domain, for what leaves the app (e-mails, their unsubscribe links). The first domain
// that is not a development host is the school's; https always, except for development hosts (localhost,
// *.localhost, 127.0.0.1), which the app serves over plain http on PORT.

const isLocalHost = (host: string) => host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";

export function schoolOrigin(tenant: { domains: string[] }, env: NodeJS.ProcessEnv = process.env): string {
  const host = tenant.domains.find((d) => !isLocalHost(d)) ?? tenant.domains[0] ?? "localhost";
  if (isLocalHost(host) && env.NODE_ENV !== "production") return `http://${host}:${env.PORT ?? 3000}`;
  return `https://${host}`;
}

/** An app path ('/student/reservations?id=…') on the school's domain; anything else falls back to its home page. */
export function schoolUrl(tenant: { domains: string[] }, appPath: string, env: NodeJS.ProcessEnv = process.env): string {
  const origin = schoolOrigin(tenant, env);
  // Only same-site paths: '//host' or 'https://…' would send the reader elsewhere.
  const safe = appPath.startsWith("/") && !appPath.startsWith("//") && !appPath.startsWith("/\\") ? appPath : "/";
  return new URL(safe, origin).toString();
}
