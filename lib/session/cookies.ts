import { sealData, unsealData } from "iron-session";
import { ExpiringCache } from "@/lib/expiring-cache";
import { sessionSecret } from "./secret";

import { DEVICE_COOKIE, IMPERSONATION_HP_COOKIE, IMPERSONATION_S_COOKIE, SESSION_COOKIE } from "./cookie-names";
import { DEVICE_MAX_AGE_SECONDS } from "./device";

export { DEVICE_COOKIE, IMPERSONATION_HP_COOKIE, IMPERSONATION_S_COOKIE, SESSION_COOKIE };
// The spec's impersonation pair: header.payload readable, signature httpOnly; joined with a dot.
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

export type SessionData = { token: string };

type CookieReader = { get(name: string): { value: string } | undefined };

export async function sealSession(data: SessionData): Promise<string> {
  return sealData(data, { password: sessionSecret(), ttl: SESSION_MAX_AGE_SECONDS });
}

// Every API call opens the session cookie; a cookie is decrypted and its MAC checked once per process, then its
// content is kept until the seal's own expiry (iron's `…*expiration*…` field, which the MAC covers).
const opened = new ExpiringCache<string, SessionData>(20_000);

function sealExpiry(sealed: string): number | null {
  const expiration = sealed.split("~")[0]!.split("*")[5];
  return expiration && /^\d+$/.test(expiration) ? Number(expiration) : null;
}

export async function unsealSession(sealed: string | undefined): Promise<SessionData | null> {
  if (!sealed) return null;
  const known = opened.get(sealed);
  if (known) return known;
  try {
    const data = await unsealData<Partial<SessionData>>(sealed, { password: sessionSecret(), ttl: SESSION_MAX_AGE_SECONDS });
    if (typeof data.token !== "string" || !data.token) return null;
    const session = { token: data.token };
    const expiry = sealExpiry(sealed);
    if (expiry) opened.set(sealed, session, expiry);
    return session;
  } catch {
    return null;
  }
}

export function splitToken(token: string): { headerPayload: string; signature: string } {
  const cut = token.lastIndexOf(".");
  return { headerPayload: token.slice(0, cut), signature: token.slice(cut + 1) };
}

export type ResolvedToken = { token: string | null; originalToken: string | null; isImpersonating: boolean };

// Reads one claim of a JWT (or its `header.payload` part) without verifying it.
function claimOf(token: string, claim: string): string | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    return typeof json[claim] === "string" ? (json[claim] as string) : null;
  } catch {
    return null;
  }
}

// The cookie pair takes precedence over the stored session (spec §4).
export async function resolveToken(cookies: CookieReader): Promise<ResolvedToken> {
  const session = await unsealSession(cookies.get(SESSION_COOKIE)?.value);
  const hp = cookies.get(IMPERSONATION_HP_COOKIE)?.value;
  const s = cookies.get(IMPERSONATION_S_COOKIE)?.value;
  const originalToken = session?.token ?? null;
  // The pair only counts when it was issued to this very administrator: an impersonation pair planted next to
  // another session (or left from an earlier one) is ignored. Both tokens are verified later; this only binds them.
  const administratorId = originalToken ? claimOf(originalToken, "uuid") : null;
  if (hp && s && administratorId && claimOf(hp, "impersonatorId") === administratorId) {
    return { token: `${hp}.${s}`, originalToken, isImpersonating: true };
  }
  return { token: originalToken, originalToken, isImpersonating: false };
}

export type CookieSpec = {
  name: string;
  value: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "lax" | "strict";
  path: string;
  maxAge: number;
};

export function sessionCookie(sealed: string, secure: boolean): CookieSpec {
  return { name: SESSION_COOKIE, value: sealed, httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: SESSION_MAX_AGE_SECONDS };
}

export function impersonationCookies(token: string, secure: boolean): CookieSpec[] {
  const { headerPayload, signature } = splitToken(token);
  const base = { secure, sameSite: "lax" as const, path: "/" as const, maxAge: SESSION_MAX_AGE_SECONDS };
  return [
    { ...base, name: IMPERSONATION_HP_COOKIE, value: headerPayload, httpOnly: false },
    { ...base, name: IMPERSONATION_S_COOKIE, value: signature, httpOnly: true },
  ];
}

// Only the sign-in needs the device cookie: it goes nowhere else, and never to another site (Strict).
export function deviceCookie(deviceToken: string, secure: boolean): CookieSpec {
  return { name: DEVICE_COOKIE, value: deviceToken, httpOnly: true, secure, sameSite: "strict", path: "/api/login", maxAge: DEVICE_MAX_AGE_SECONDS };
}

export const ALL_SESSION_COOKIES = [SESSION_COOKIE, IMPERSONATION_HP_COOKIE, IMPERSONATION_S_COOKIE];
