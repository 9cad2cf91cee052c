import { cookies, headers } from "next/headers";
import { cache } from "react";
import type { SessionUser } from "@/lib/contract/auth";
import { tenantInfoSchema, type TenantInfo } from "@/lib/contract/tenant";
import { resolveToken } from "@/lib/session/cookies";
import { toSessionUser, verifyToken } from "@/lib/session/token";
import { DEFAULT_TIME_ZONE } from "@/lib/format/time-zone";
import { callApi } from "./upstream";

export type TenantLookup = { kind: "found"; tenant: TenantInfo } | { kind: "unknown"; host: string } | { kind: "unavailable" };

// Server components read through the same path as the browser: the BFF's call to the API. A host that is no school
// of this server ("unknown") is told apart from an API that could not answer ("unavailable").
export const lookupTenant = cache(async (): Promise<TenantLookup> => {
  const incoming = await headers();
  const host = incoming.get("host") ?? "localhost";
  const request = new Request(`http://${host}/api/info`, { headers: new Headers(incoming) });
  try {
    const response = await callApi(request, { token: null, method: "GET" });
    if (response.status === 404) return { kind: "unknown", host: host.replace(/:\d+$/, "") };
    if (!response.ok) return { kind: "unavailable" };
    const parsed = tenantInfoSchema.safeParse(await response.json());
    return parsed.success ? { kind: "found", tenant: parsed.data } : { kind: "unavailable" };
  } catch (error) {
    console.error("[bff] tenant info failed", error instanceof Error ? error.message : error);
    return { kind: "unavailable" };
  }
});

export const getTenantInfo = cache(async (): Promise<TenantInfo | null> => {
  const lookup = await lookupTenant();
  return lookup.kind === "found" ? lookup.tenant : null;
});

/** The school's time zone, as the browser's useTimeZone reads it: the zone its dates and first views are drawn in. */
export async function getSchoolTimeZone(): Promise<string> {
  return (await getTenantInfo())?.timeZone ?? DEFAULT_TIME_ZONE;
}

export const getSessionUser = cache(async (): Promise<{ user: SessionUser; isImpersonating: boolean } | null> => {
  const resolved = await resolveToken(await cookies());
  const claims = (await verifyToken(resolved.token)) ?? (await verifyToken(resolved.originalToken));
  if (!claims) return null;
  return { user: toSessionUser(claims), isImpersonating: resolved.isImpersonating && !!claims.impersonatorId };
});
