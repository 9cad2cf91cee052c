// The host a request was made to, without port, lower-cased. Only Host is trusted: a browser can set
// X-Forwarded-Host itself, and reverse proxies in front of Next keep Host by default.
export function requestHost(headers: Headers): string {
  const raw = headers.get("host") ?? "localhost";
  const first = raw.split(",")[0]!.trim().toLowerCase();
  if (first.startsWith("[")) return first.slice(0, first.indexOf("]") + 1);
  return first.replace(/:\d+$/, "");
}

export const TENANT_HOST_HEADER = "x-tenant-host";
export const CLIENT_IP_HEADER = "x-client-ip";
export const INTERNAL_SECRET_HEADER = "x-internal-secret";
