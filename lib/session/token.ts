import { SignJWT, jwtVerify } from "jose";
import { tokenClaimsSchema, type SessionUser, type TokenClaims } from "@/lib/contract/auth";
import { ExpiringCache } from "@/lib/expiring-cache";
import { JWT_ALG, getPrivateKey, getPublicKey } from "./keys";

export type TokenInput = Omit<TokenClaims, "exp" | "iat" | "sub">;

export async function signToken(input: TokenInput, ttlSeconds: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...input })
    .setProtectedHeader({ alg: JWT_ALG, typ: "JWT" })
    .setSubject(input.uuid)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await getPrivateKey());
}

// A token's signature is checked once per process, not on every request (ES256 costs a few hundred microseconds
// of CPU): the verified claims are kept, keyed by the whole token, until the token expires. Only what the signature
// proves is cached; the API still reads the user on every request (active, session version).
const verified = new ExpiringCache<string, TokenClaims>(20_000);

// Signature and expiry are checked, not just decoded; anything off gives null.
export async function verifyToken(token: string | undefined | null, now = new Date()): Promise<TokenClaims | null> {
  if (!token) return null;
  const known = verified.get(token, now.getTime());
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, await getPublicKey(), {
      algorithms: [JWT_ALG],
      currentDate: now,
    });
    const parsed = tokenClaimsSchema.safeParse(payload);
    if (!parsed.success) return null;
    verified.set(token, parsed.data, parsed.data.exp * 1000);
    return parsed.data;
  } catch {
    return null;
  }
}

export function toSessionUser(claims: TokenClaims): SessionUser {
  return {
    uuid: claims.uuid,
    name: claims.name,
    profileImage: claims.profileImage,
    roles: claims.roles,
    tenant: claims.tenant,
  };
}
