"use client";

import { useQuery } from "@tanstack/react-query";
import type { TenantInfo } from "@/lib/contract/tenant";
import { fetchTenantInfo, isTenantInfo, TENANT_INFO_MAX_AGE_MS, TENANT_INFO_STORAGE_KEY, type CachedTenantInfo } from "./tenant-info-source";

function readCache(): CachedTenantInfo | undefined {
  try {
    const raw = window.localStorage.getItem(TENANT_INFO_STORAGE_KEY);
    if (!raw) return undefined;
    const copy = JSON.parse(raw) as Partial<CachedTenantInfo> | null;
    return typeof copy?.timestamp === "number" && isTenantInfo(copy.data) ? (copy as CachedTenantInfo) : undefined;
  } catch {
    return undefined;
  }
}

// The stored copy only seeds the query before its first answer: read (and checked) once per page
// load, not on every render of every component that asks for the school's time zone (issue 13).
let storedCopy: { value: CachedTenantInfo | undefined } | null = null;
function cachedOnce(): CachedTenantInfo | undefined {
  if (typeof window === "undefined") return undefined;
  storedCopy ??= { value: readCache() };
  return storedCopy.value;
}

// Spec §4: a copy under 5 minutes old is used as is; an older one is shown at once and then refreshed.
export function useTenantInfo(serverCopy?: TenantInfo | null) {
  const cached = cachedOnce();
  return useQuery({
    queryKey: ["tenant-info"],
    queryFn: fetchTenantInfo,
    initialData: cached?.data ?? serverCopy ?? undefined,
    initialDataUpdatedAt: cached?.timestamp ?? (serverCopy ? Date.now() : undefined),
    staleTime: TENANT_INFO_MAX_AGE_MS,
  });
}
