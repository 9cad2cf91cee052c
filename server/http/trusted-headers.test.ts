import { clientIp } from "@/lib/bff/upstream";
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "@/lib/tenant/host";
import { filterInternalHeaders } from "./internal-headers";

// Issue 12: the login throttle's address and the school's host came from headers any caller could write.
describe("the client address seen by the BFF", () => {
  const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

  it("ignores X-Forwarded-For unless a trusted proxy is configured", () => {
    expect(clientIp(forwarded("203.0.113.7"), 0)).toBe("unknown");
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.7" }), 0)).toBe("unknown");
  });

  it("takes the entry written by the trusted proxy, not one the client prepended", () => {
    expect(clientIp(forwarded("1.1.1.1, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(forwarded("1.1.1.1, 203.0.113.7, 10.0.0.2"), 2)).toBe("203.0.113.7");
    expect(clientIp(forwarded(""), 1)).toBe("unknown");
  });
});

describe("the standalone API's internal headers", () => {
  const secret = "s".repeat(40);
  const request = (headers: Record<string, string>) =>
    new Request("http://api.internal/api/info", { headers: { [TENANT_HOST_HEADER]: "norte.localhost", [CLIENT_IP_HEADER]: "203.0.113.7", ...headers } });

  it("drops X-Tenant-Host and X-Client-IP from a caller without the shared secret", () => {
    for (const req of [request({}), request({ [INTERNAL_SECRET_HEADER]: "wrong" })]) {
      const filtered = filterInternalHeaders(req, secret);
      expect(filtered.headers.get(TENANT_HOST_HEADER)).toBeNull();
      expect(filtered.headers.get(CLIENT_IP_HEADER)).toBeNull();
    }
    expect(filterInternalHeaders(request({ [INTERNAL_SECRET_HEADER]: secret }), undefined).headers.get(TENANT_HOST_HEADER)).toBeNull();
  });

  it("keeps them from the BFF (the secret matches) and never passes the secret on", () => {
    const filtered = filterInternalHeaders(request({ [INTERNAL_SECRET_HEADER]: secret }), secret);
    expect(filtered.headers.get(TENANT_HOST_HEADER)).toBe("norte.localhost");
    expect(filtered.headers.get(CLIENT_IP_HEADER)).toBe("203.0.113.7");
    expect(filtered.headers.get(INTERNAL_SECRET_HEADER)).toBeNull();
  });
});
