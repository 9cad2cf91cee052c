"use client";

import { useTenantInfo } from "./use-tenant-info";

// School-local dates and times use the tenant's IANA zone; Madrid until the tenant info has loaded.
export function useTimeZone(): string {
  return useTenantInfo().data?.timeZone ?? "Europe/Madrid";
}
