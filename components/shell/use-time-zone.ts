"use client";

import { useMemo } from "react";
import { DEFAULT_TIME_ZONE } from "@/lib/format/time-zone";
import { localDate } from "@/lib/time/zoned-time";
import { useTenantInfo } from "./use-tenant-info";

// School-local dates and times use the tenant's IANA zone; Madrid until the tenant info has loaded.
export function useTimeZone(): string {
  return useTenantInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Today's date (yyyy-MM-dd) on the school's clock: the same on the server that draws a first view and in the browser
 * that hydrates it, whatever the device's zone. For screens whose dates are the school's (schedules, month filters).
 */
export function useSchoolToday(): string {
  const timeZone = useTimeZone();
  return useMemo(() => localDate(Date.now(), timeZone), [timeZone]);
}
