"use client";

import { useSyncExternalStore } from "react";

// Below Tailwind's `sm` (640 px) the 'Hora' step is the thumb picker; from there up, the week grid.
const PHONE_QUERY = "(max-width: 639.98px)";

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

/** Whether the screen is a phone's; null until known (on the server and while hydrating), so neither view loads early. */
export function useIsPhone(): boolean | null {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => null);
}
