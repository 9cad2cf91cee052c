import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

// public/sw.js's push handlers, run in a stand-in of the service worker's global scope (the real browser is exercised
// by Chromium's DevTools push delivery: /tmp/notes/notif-channels.md).

type Listener = (event: unknown) => void;
type Shown = { title: string; options: Record<string, unknown> };

function loadWorker({ info = { icons: { webAppIcon192: "/api/tenant-assets/icon-192.png" } } as unknown, windows = [] as { url: string; focus: jest.Mock }[] } = {}) {
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: "https://alamo.example" },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url), claim: async () => undefined },
    skipWaiting: async () => undefined,
  };
  const fetch = jest.fn(async () => ({ ok: info !== null, json: async () => info }));
  vm.runInNewContext(fs.readFileSync(path.join(process.cwd(), "public", "sw.js"), "utf8"), { self, fetch, caches: {}, URL, Promise, setTimeout, clearTimeout, Request });

  async function dispatch(type: string, fields: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  }
  const push = (data: unknown) => dispatch("push", { data: { json: () => (typeof data === "string" ? JSON.parse(data) : data) } });
  const click = (data: unknown) => {
    const close = jest.fn();
    return dispatch("notificationclick", { notification: { data, close } }).then(() => close);
  };
  return { shown, opened, fetch, push, click };
}

describe("the service worker's push", () => {
  it("shows the title with the school's icon, the link in its data and the tag", async () => {
    const sw = loadWorker();
    await sw.push({ title: "Reserva confirmada", link: "/student/reservations?id=r-1", tag: "n-1" });
    expect(sw.shown).toEqual([
      { title: "Reserva confirmada", options: { data: { link: "/student/reservations?id=r-1" }, tag: "n-1", icon: "/api/tenant-assets/icon-192.png", lang: "es" } },
    ]);
    expect(sw.fetch).toHaveBeenCalledWith("/api/info", expect.anything());
  });

  it("still shows it offline (no icon), and never keeps a link to another site", async () => {
    const sw = loadWorker({ info: null });
    await sw.push({ title: "Hola", link: "https://evil.example/x", tag: "n-2", body: "Texto" });
    expect(sw.shown[0]).toEqual({ title: "Hola", options: { data: { link: "/" }, tag: "n-2", body: "Texto", lang: "es" } });
  });
});

describe("the service worker's notificationclick", () => {
  it("focuses a window already on the link", async () => {
    const focus = jest.fn();
    const sw = loadWorker({ windows: [{ url: "https://alamo.example/student", focus: jest.fn() }, { url: "https://alamo.example/student/reservations?id=r-1", focus }] });
    const close = await sw.click({ link: "/student/reservations?id=r-1" });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(sw.opened).toEqual([]);
  });

  it("opens the link on the school's origin when no window shows it", async () => {
    const sw = loadWorker({ windows: [{ url: "https://alamo.example/student", focus: jest.fn() }] });
    await sw.click({ link: "/student/exams/results" });
    expect(sw.opened).toEqual(["https://alamo.example/student/exams/results"]);
  });
});
