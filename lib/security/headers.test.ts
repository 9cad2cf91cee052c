import nextConfig from "@/next.config";
import { contentSecurityPolicy } from "./csp";

// The headers every answer gets (next.config.ts, read by `next build`, which always runs in production) and the
// pages' policy (proxy.ts). HSTS only makes sense where the app is served over HTTPS, so production only.
type Rule = { source: string; headers: { key: string; value: string }[] };

async function rulesIn(nodeEnv: "development" | "production"): Promise<Rule[]> {
  const env = process.env as Record<string, string | undefined>;
  const previous = env.NODE_ENV;
  env.NODE_ENV = nodeEnv;
  try {
    return (await nextConfig.headers!()) as Rule[];
  } finally {
    env.NODE_ENV = previous;
  }
}
const headersOfAll = (rules: Rule[]) => Object.fromEntries(rules.find((r) => r.source === "/:path*")!.headers.map((h) => [h.key, h.value]));

describe("the security headers of every answer", () => {
  it("send HSTS for two years, subdomains included, in production", async () => {
    expect(headersOfAll(await rulesIn("production"))["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("send no HSTS outside production (a developer's http://localhost must not be pinned to HTTPS)", async () => {
    expect(headersOfAll(await rulesIn("development"))).not.toHaveProperty("Strict-Transport-Security");
  });

  it("refuse framing, sniffing and cross-origin referrers, and keep the camera off except on the biometric screens", async () => {
    const rules = await rulesIn("production");
    expect(headersOfAll(rules)).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": expect.stringContaining("camera=()"),
    });
    const biometric = rules.filter((r) => r.source.startsWith("/biometric"));
    expect(biometric.map((r) => r.source).sort()).toEqual(["/biometric", "/biometric/:path*"]);
    for (const rule of biometric) expect(rule.headers).toEqual([expect.objectContaining({ key: "Permissions-Policy", value: expect.stringContaining("camera=(self)") })]);
  });

  it("give pages a policy that forbids framing and plugins, and runs scripts by nonce only (no eval in production)", () => {
    const policy = contentSecurityPolicy("abc", false);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/script-src 'self' 'nonce-abc' 'strict-dynamic'/);
    expect(policy).not.toContain("unsafe-eval");
  });
});
