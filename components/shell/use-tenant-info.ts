"use client";

import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { tenantInfoSchema, type TenantInfo } from "@/lib/contract/tenant";

const STORAGE_KEY = "tenant-info";
export const TENANT_INFO_MAX_AGE_MS = 5 * 60_000;

type Cached = { data: TenantInfo; timestamp: number };

function readCache(): Cached | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Cached;
    return tenantInfoSchema.safeParse(parsed.data).success ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// The stored copy only seeds the query before its first answer: read (and checked against the schema) once per page
// load, not on every render of every component that asks for the school's time zone (issue 13).
let storedCopy: { value: Cached | undefined } | null = null;
function cachedOnce(): Cached | undefined {
  if (typeof window === "undefined") return undefined;
  storedCopy ??= { value: readCache() };
  return storedCopy.value;
}

// Spec §4: a copy under 5 minutes old is used as is; an older one is shown at once and then refreshed.
export function useTenantInfo(serverCopy?: TenantInfo | null) {
  const cached = cachedOnce();
  return useQuery({
    queryKey: ["tenant-info"],
    queryFn: async () => {
      const data = await apiGet("/info", tenantInfoSchema).catch((error: unknown) => {
        throw new Error(error instanceof Error && error.message !== "An error occurred" ? error.message : "Failed to load tenant information");
      });
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ data, timestamp: Date.now() } satisfies Cached));
      return data;
    },
    initialData: cached?.data ?? serverCopy ?? undefined,
    initialDataUpdatedAt: cached?.timestamp ?? (serverCopy ? Date.now() : undefined),
    staleTime: TENANT_INFO_MAX_AGE_MS,
  });
}
