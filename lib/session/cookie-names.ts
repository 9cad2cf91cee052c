// Cookie names only, safe for client bundles (cookies.ts pulls in iron-session and node:crypto).
export const SESSION_COOKIE = "volante_session";
export const IMPERSONATION_HP_COOKIE = "jwt_hp";
export const IMPERSONATION_S_COOKIE = "jwt_s";
// The login throttle's "device cookie" (lib/session/device.ts): not a session cookie, it outlives sign-out.
export const DEVICE_COOKIE = "volante_device";
