import { SignJWT, jwtVerify } from "jose";
import { JWT_ALG, getPrivateKey, getPublicKey } from "./keys";

// The sign-in challenge (server/modules/auth/challenge.ts) as a signed, expiring token: the API's ES256 key, its own
// `typ` (it passes for neither a session nor a device token, nor they for it). It holds no user id: `acct` is a hash
// of the throttled account's key, so a client learns nothing from it that it did not type.
const CHALLENGE_TYP = "volante-challenge+jwt";

export type ChallengeClaims = { id: string; account: string; bits: number };

export async function signChallengeToken(claims: ChallengeClaims, ttlSeconds: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ acct: claims.account, bits: claims.bits })
    .setProtectedHeader({ alg: JWT_ALG, typ: CHALLENGE_TYP })
    .setJti(claims.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await getPrivateKey());
}

export async function verifyChallengeToken(token: string, now = new Date()): Promise<ChallengeClaims | null> {
  if (token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, await getPublicKey(), { algorithms: [JWT_ALG], typ: CHALLENGE_TYP, currentDate: now });
    const { jti, acct, bits } = payload;
    if (typeof jti !== "string" || typeof acct !== "string" || typeof bits !== "number") return null;
    return { id: jti, account: acct, bits };
  } catch {
    return null;
  }
}
