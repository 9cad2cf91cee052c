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

// Web Push (server/notifications/push.ts): the payload carries only { title, link, tag }. The icon is this school's,
// read from its public info (the worker serves every school of its origin alike, so it asks which one it is).
const ICON_TIMEOUT_MS = 3000;

function schoolIcon() {
  const info = fetch("/api/info", { credentials: "omit", cache: "no-cache" })
    .then((response) => (response.ok ? response.json() : null))
    .then((body) => (body && body.icons && typeof body.icons.webAppIcon192 === "string" ? body.icons.webAppIcon192 : undefined))
    .catch(() => undefined);
  // Offline or slow: the notification goes out without the icon rather than late.
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(undefined), ICON_TIMEOUT_MS);
  });
  return Promise.race([info, late]).finally(() => clearTimeout(timer));
}

// Only a path of this origin: a push must not send the user elsewhere.
function appLink(link) {
  if (typeof link !== "string" || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return "/";
  return link;
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Tienes una notificación nueva";
  const options = { data: { link: appLink(data.link) }, lang: "es" };
  if (typeof data.body === "string" && data.body) options.body = data.body;
  if (typeof data.tag === "string" && data.tag) options.tag = data.tag;
  event.waitUntil(
    schoolIcon().then((icon) => {
      if (icon) options.icon = icon;
      return self.registration.showNotification(title, options);
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(appLink(event.notification.data && event.notification.data.link), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    }),
  );
});
