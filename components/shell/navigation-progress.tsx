"use client";

import { useLinkStatus } from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";

// Issue 28 §7: a menu click never leaves the old page on screen without a sign. A navigation that has not arrived
// after PROGRESS_DELAY_MS shows a thin bar at the top and marks the page busy, until the new page is drawn; a quicker
// one (a prefetched page) shows nothing, so it does not flicker.
export const PROGRESS_DELAY_MS = 150;

let pendingLinks = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isPending = () => pendingLinks > 0;
function changePending(delta: number) {
  pendingLinks += delta;
  listeners.forEach((listener) => listener());
}

/** Inside a menu <Link>: tells the shell while that link's navigation is under way (Next's useLinkStatus). */
export function LinkPendingReporter() {
  const { pending } = useLinkStatus();
  useEffect(() => {
    if (!pending) return;
    changePending(1);
    return () => changePending(-1);
  }, [pending]);
  return null;
}

/** True once a menu navigation has been under way for PROGRESS_DELAY_MS, until it arrives. */
export function useSlowNavigation(): boolean {
  const pending = useSyncExternalStore(subscribe, isPending, () => false);
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setIsSlow(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setIsSlow(false);
    };
  }, [pending]);
  return pending && isSlow;
}

export function NavigationProgress() {
  return (
    <div role="progressbar" aria-label="Cargando la página" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20">
      <div className="h-full w-full origin-left animate-pulse bg-primary motion-reduce:animate-none" />
    </div>
  );
}
