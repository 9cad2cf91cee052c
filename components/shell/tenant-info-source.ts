import { ApiError, apiGet } from "@/lib/api-client";
import type { TenantInfo } from "@/lib/contract/tenant";

export const TENANT_INFO_STORAGE_KEY = "tenant-info";
export const TENANT_INFO_MAX_AGE_MS = 5 * 60_000;
export const TENANT_INFO_FAILED = "Failed to load tenant information";

export type CachedTenantInfo = { data: TenantInfo; timestamp: number };

// The browser's read of the school (spec §4): /api/info checked against the contract, then kept in local storage for
// the next page load. The schema (and with it the schema library) is loaded with the first read instead of with the
// page: the public pages (login, set-password) get the school from the server and never need it (issue 13).
export async function fetchTenantInfo(): Promise<TenantInfo> {
  let data: TenantInfo;
  try {
    const [{ tenantInfoSchema }, answer] = await Promise.all([import("@/lib/contract/tenant"), apiGet("/info")]);
    data = tenantInfoSchema.parse(answer);
  } catch (error) {
    // The API's own reason when it gave one (TENANT_NOT_FOUND, …), else the spec's message.
    throw new Error(error instanceof ApiError && error.message !== "An error occurred" ? error.message : TENANT_INFO_FAILED);
  }
  // The copy is a convenience: storage that is full or refused (a private window) must not lose the school just read.
  try {
    window.localStorage.setItem(TENANT_INFO_STORAGE_KEY, JSON.stringify({ data, timestamp: Date.now() } satisfies CachedTenantInfo));
  } catch {
    // Next page load reads the school again.
  }
  return data;
}
