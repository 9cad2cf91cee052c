// Volante's service worker: the app shell works offline and an offline page answers navigations without a
// network. Nothing personal is cached: API answers (/api/*) and pages always go to the network; only the offline
// page with its assets (precached at install), Next's immutable static assets and this school's icons are kept.
// Bump when a precached file changes: the new worker fetches them again and the old cache is deleted on activation.
const VERSION = "volante-v3";
const OFFLINE_URL = "/offline.html";
// Everything the offline page needs, fetched at install so it works on the first offline start.
const PRECACHE = [OFFLINE_URL, "/offline.css", "/offline.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const isShellAsset = (url) =>
  url.origin === self.location.origin &&
  (PRECACHE.includes(url.pathname) || url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/tenants/"));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  if (isShellAsset(url)) {
    // Content-hashed files never change: cache first, then keep them for the next offline start.
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(VERSION).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
