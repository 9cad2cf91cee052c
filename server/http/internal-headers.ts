import { timingSafeEqual } from "node:crypto";
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "@/lib/tenant/host";

const sameSecret = (given: string | null, expected: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The standalone API (server/main.ts) is reachable by anyone who can reach its port, so the headers by which the BFF
 * states the school's host and the client's address are believed only with the shared INTERNAL_API_SECRET.
 * Without it they are removed: the tenant comes from Host and the address is unknown. In process, the BFF calls
 * the app directly and this filter is not used.
 */
export function filterInternalHeaders(request: Request, secret: string | undefined): Request {
  const trusted = secret ? sameSecret(request.headers.get(INTERNAL_SECRET_HEADER), secret) : false;
  const headers = new Headers(request.headers);
  headers.delete(INTERNAL_SECRET_HEADER);
  if (!trusted) {
    headers.delete(TENANT_HOST_HEADER);
    headers.delete(CLIENT_IP_HEADER);
  }
  return new Request(request, { headers });
}
