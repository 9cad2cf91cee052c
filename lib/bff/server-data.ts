import { cookies, headers } from "next/headers";
import { cache } from "react";
import type { SessionUser } from "@/lib/contract/auth";
import { tenantInfoSchema, type TenantInfo } from "@/lib/contract/tenant";
import { resolveToken } from "@/lib/session/cookies";
import { toSessionUser, verifyToken } from "@/lib/session/token";
import { callApi } from "./upstream";

// Server components read through the same path as the browser: the BFF's call to the API.
export const getTenantInfo = cache(async (): Promise<TenantInfo | null> => {
  const incoming = await headers();
  const request = new Request(`http://${incoming.get("host") ?? "localhost"}/api/info`, { headers: new Headers(incoming) });
  try {
    const response = await callApi(request, { token: null, method: "GET" });
    if (!response.ok) return null;
    const parsed = tenantInfoSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch (error) {
    console.error("[bff] tenant info failed", error);
    return null;
  }
});

export const getSessionUser = cache(async (): Promise<{ user: SessionUser; isImpersonating: boolean } | null> => {
  const resolved = await resolveToken(await cookies());
  const claims = (await verifyToken(resolved.token)) ?? (await verifyToken(resolved.originalToken));
  if (!claims) return null;
  return { user: toSessionUser(claims), isImpersonating: resolved.isImpersonating && !!claims.impersonatorId };
});
