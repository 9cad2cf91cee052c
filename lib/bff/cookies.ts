import { cookies } from "next/headers";
import { cookieSecure } from "@/lib/env";
import {
  ALL_SESSION_COOKIES,
  DEVICE_COOKIE,
  deviceCookie,
  IMPERSONATION_HP_COOKIE,
  IMPERSONATION_S_COOKIE,
  impersonationCookies,
  resolveToken,
  sealSession,
  sessionCookie,
  type CookieSpec,
} from "@/lib/session/cookies";

async function setAll(specs: CookieSpec[]) {
  const jar = await cookies();
  for (const { name, value, ...options } of specs) jar.set(name, value, options);
}

export async function currentToken() {
  return resolveToken(await cookies());
}

export async function startSession(token: string) {
  await setAll([sessionCookie(await sealSession({ token }), cookieSecure)]);
  await clearImpersonation();
}

// The login throttle's device cookie (lib/session/device.ts): read only by the sign-in, kept across sign-outs.
export async function currentDeviceToken(): Promise<string | null> {
  return (await cookies()).get(DEVICE_COOKIE)?.value ?? null;
}

export async function rememberDevice(deviceToken: string) {
  await setAll([deviceCookie(deviceToken, cookieSecure)]);
}

export async function startImpersonationCookies(token: string) {
  await setAll(impersonationCookies(token, cookieSecure));
}

export async function clearImpersonation() {
  const jar = await cookies();
  jar.delete(IMPERSONATION_HP_COOKIE);
  jar.delete(IMPERSONATION_S_COOKIE);
}

export async function clearSession() {
  const jar = await cookies();
  for (const name of ALL_SESSION_COOKIES) jar.delete(name);
}
