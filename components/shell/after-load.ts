"use client";

import { useSyncExternalStore } from "react";

// What the shell does for every page but no one waits for (the username under the avatar, the unread badges, the
// service worker, the failed sign-ins notice) starts once the document has loaded and the browser is idle, not in
// the effects that run right after hydration: there it joined the page's own first work in one long task, which on
// a phone-class CPU is the page's blocking time (issue 28 §8, docs/decisions.md "Performance"). Once per document:
// a client-side navigation finds it done.

/** Longest wait for an idle moment after `load` (a busy page still gets its badges). */
export const AFTER_LOAD_TIMEOUT_MS = 1_500;

let done = false;
let started: Promise<void> | null = null;
const listeners = new Set<() => void>();

function whenIdle(resolve: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: AFTER_LOAD_TIMEOUT_MS });
  else setTimeout(resolve, 1);
}

/** Resolves once the document has loaded and the browser had an idle moment (or AFTER_LOAD_TIMEOUT_MS passed). */
export function afterLoad(): Promise<void> {
  started ??= new Promise<void>((resolve) => {
    if (document.readyState === "complete") whenIdle(resolve);
    else window.addEventListener("load", () => whenIdle(resolve), { once: true });
  }).then(() => {
    done = true;
    for (const listener of listeners) listener();
    listeners.clear();
  });
  return started;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void afterLoad();
  return () => listeners.delete(listener);
}

/** False in the server's HTML, during hydration and until afterLoad() resolves; true from then on. */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => done,
    () => false,
  );
}
