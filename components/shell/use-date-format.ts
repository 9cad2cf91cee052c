"use client";

import { useMemo } from "react";
import { deviceDateFormats, zonedDateFormats, type DateFormats } from "@/lib/format/dates";
import { useHydrated } from "./use-hydrated";
import { useTimeZone } from "./use-time-zone";

// Dates in a first view the server wrote (lib/bff/server-prefetch.tsx) are on the school's clock: the server cannot
// know the device's. The browser hydrates with the same text, then shows the device's clock like every screen it draws
// itself; on a device in the school's zone (nearly all) the text does not change.
export function useDateFormat(): DateFormats {
  const timeZone = useTimeZone();
  const isHydrated = useHydrated();
  return useMemo(() => (isHydrated ? deviceDateFormats : zonedDateFormats(timeZone)), [isHydrated, timeZone]);
}
