import { DEVICE_COOKIE, SESSION_COOKIE } from "./cookie-names";
import { deviceCookie, impersonationCookies, sessionCookie } from "./cookies";

// Every session cookie is httpOnly (the pair's readable half aside, by design) and carries the Secure flag exactly when
// the deployment asks for it (lib/env.ts: `cookieSecure`, true in production unless COOKIE_SECURE says otherwise).
const token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";

it.each([true, false])("session, device and impersonation cookies follow secure=%s", (secure) => {
  const session = sessionCookie("sealed", secure);
  expect(session).toMatchObject({ name: SESSION_COOKIE, httpOnly: true, secure, sameSite: "lax", path: "/" });
  expect(deviceCookie("device-token", secure)).toMatchObject({ name: DEVICE_COOKIE, httpOnly: true, secure, sameSite: "strict", path: "/api/login" });
  for (const cookie of impersonationCookies(token, secure)) expect(cookie.secure).toBe(secure);
});
