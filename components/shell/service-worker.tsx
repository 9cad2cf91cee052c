"use client";

import { useEffect } from "react";
import { afterLoad } from "./after-load";

// Registers public/sw.js (offline page and app shell, never API answers) in production builds only, so that
// development reloads never serve stale code.
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    // After the page's load (components/shell/after-load.ts): registering is work no one waits for.
    void afterLoad().then(() =>
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
        console.warn("[pwa] service worker registration failed", error);
      }),
    );
  }, []);
  return null;
}
