import { ApiError, apiGet } from "@/lib/api-client";
import type { TenantInfo } from "@/lib/contract/tenant";

export const TENANT_INFO_STORAGE_KEY = "tenant-info";
export const TENANT_INFO_MAX_AGE_MS = 5 * 60_000;
// Spec §8 writes 'Failed to load tenant information'; Spanish users read this instead (docs/decisions.md).
export const TENANT_INFO_FAILED = "No se pudo cargar la información de la autoescuela";

export type CachedTenantInfo = { data: TenantInfo; timestamp: number };

/**
 * Whether an answer or a stored copy carries every field of the school the shell reads. A structural check rather than
 * the contract's schema, which would bring zod into every page (issue 13); it refuses what a proxy or a captive portal
 * might answer in place of the API, and a copy stored by an earlier version of the app.
 */
export function isTenantInfo(value: unknown): value is TenantInfo {
  const info = value as Partial<TenantInfo> | null;
  return (
    typeof info?.name === "string" &&
    typeof info.themeColor === "string" &&
    typeof info.timeZone === "string" &&
    "headerLogo" in info &&
    "loginLogo" in info &&
    typeof info.icons === "object" &&
    info.icons !== null
  );
}

// The browser's read of the school (spec §4): /api/info, then kept in local storage for the next page load.
export async function fetchTenantInfo(): Promise<TenantInfo> {
  let data: TenantInfo;
  try {
    const answer = await apiGet("/info");
    if (!isTenantInfo(answer)) throw new Error(TENANT_INFO_FAILED);
    data = answer;
  } catch (error) {
    // The API's own Spanish reason when it gave one ('Autoescuela no encontrada'), else ours: never a bare code such as
    // TENANT_NOT_FOUND, nor the spec's English fallback (issue "Phone first", docs/decisions.md).
    throw new Error(error instanceof ApiError && error.serverMessage ? error.serverMessage : TENANT_INFO_FAILED);
  }
  // The copy is a convenience: storage that is full or refused (a private window) must not lose the school just read.
  try {
    window.localStorage.setItem(TENANT_INFO_STORAGE_KEY, JSON.stringify({ data, timestamp: Date.now() } satisfies CachedTenantInfo));
  } catch {
    // Next page load reads the school again.
  }
  return data;
}
