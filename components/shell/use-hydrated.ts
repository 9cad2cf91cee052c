"use client";

import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/** False in the server's HTML and during hydration, true once the page's code runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}
