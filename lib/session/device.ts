import { SignJWT, jwtVerify } from "jose";
import { JWT_ALG, getPrivateKey, getPublicKey } from "./keys";

// OWASP's "device cookie" for the login throttle: after a successful sign-in the API signs a token naming the user,
// the school and a random device id; the BFF keeps it in an httpOnly cookie sent only to /api/login. An attempt
// that presents a valid one for the account it names is judged by that device's own failures, not by the back-off
// that other clients caused (server/modules/auth/login-throttle.ts). It proves nothing else and holds no secret:
// signed with the API's ES256 key (the session token's key), with its own `typ` and no session claims, so neither
// token passes for the other.
export const DEVICE_TOKEN_HEADER = "x-device-token";
export const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;
const DEVICE_TYP = "volante-device+jwt";

export type DeviceClaims = { userId: string; tenantId: string; deviceId: string };

export async function signDeviceToken(claims: DeviceClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tenantId, did: claims.deviceId })
    .setProtectedHeader({ alg: JWT_ALG, typ: DEVICE_TYP })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEVICE_MAX_AGE_SECONDS)
    .sign(await getPrivateKey());
}

// Signature, expiry and type are checked; anything off (a session token, a forged or altered one) gives null.
export async function verifyDeviceToken(token: string | null | undefined, now = new Date()): Promise<DeviceClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, await getPublicKey(), { algorithms: [JWT_ALG], typ: DEVICE_TYP, currentDate: now });
    const { sub, tid, did } = payload;
    if (typeof sub !== "string" || typeof tid !== "string" || typeof did !== "string") return null;
    return { userId: sub, tenantId: tid, deviceId: did };
  } catch {
    return null;
  }
}
