import { SignJWT, jwtVerify } from "jose";
import { tokenClaimsSchema, type SessionUser, type TokenClaims } from "@/lib/contract/auth";
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

// Signature and expiry are checked, not just decoded; anything off gives null.
export async function verifyToken(token: string | undefined | null, now = new Date()): Promise<TokenClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, await getPublicKey(), {
      algorithms: [JWT_ALG],
      currentDate: now,
    });
    const parsed = tokenClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
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
