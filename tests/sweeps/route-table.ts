import { createApp } from "@/server/app";

// The API's routes, read from Hono's own route table: what is mounted is what gets swept.
export type ApiRoute = {
  method: string;
  /** Path under /api, e.g. "/student/reservations/:id". */
  path: string;
  /** "METHOD /path", the key of route-access.ts and of the sweeps' pending lists. */
  key: string;
  params: string[];
};

export const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function apiRoutes(): ApiRoute[] {
  // The db is never opened: listing routes runs no handler.
  const app = createApp({ db: async () => Promise.reject(new Error("route listing only")) });
  const seen = new Map<string, ApiRoute>();
  for (const r of app.routes) {
    // Middleware (app.use) is registered as ALL; a route's requireRole repeats its own method + path.
    if (r.method === "ALL") continue;
    const path = r.path.replace(/^\/api(?=\/)/, "");
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    const params = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    seen.set(key, { method: r.method, path, key, params });
  }
  return [...seen.values()];
}

/** Fills a route's path parameters ("/a/:id" + {id} → "/a/<id>"); a missing one gets `fallback`. */
export function fillPath(path: string, values: Record<string, string>, fallback?: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name] ?? fallback;
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
