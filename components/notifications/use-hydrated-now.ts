"use client";

import { useEffect, useState } from "react";

/**
 * The device's time once the page is live, refreshed every minute; null while the server's HTML is hydrated, so that
 * texts relative to now ('Hace 5 min') are written by the browser only and never differ from the server's.
 */
export function useHydratedNow(intervalMs = 60_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
