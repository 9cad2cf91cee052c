import { ExpiringCache } from "@/lib/expiring-cache";
import { callApi } from "./upstream";

// How long one answer stands for a session, per process: a session revoked elsewhere (sign-out, a password change,
// a deactivated user) stops rendering pages within this time. The API itself checks it on every call.
export const SESSION_CHECK_TTL_MS = 5_000;
const checked = new ExpiringCache<string, boolean>(10_000);

/**
 * Whether the API still accepts this (signature-checked) token: its session version, the user still active. Asked
 * through the same path as every API call (in process, or the external upstream) with GET /api/me. Only a 401 means
 * revoked: an API that cannot answer does not sign anyone out (its own calls fail and say so).
 */
export async function isSessionCurrent(pageRequest: Request, token: string, now = Date.now()): Promise<boolean> {
  const known = checked.get(token, now);
  if (known !== undefined) return known;
  const request = new Request(new URL("/api/me", pageRequest.url), { headers: pageRequest.headers });
  const response = await callApi(request, { token, method: "GET" });
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 401) {
    checked.set(token, false, now + SESSION_CHECK_TTL_MS);
    return false;
  }
  if (response.ok) checked.set(token, true, now + SESSION_CHECK_TTL_MS);
  return true;
}

export function forgetSessionChecks(): void {
  checked.clear();
}
