import type { z } from "zod";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "@/lib/contract/constants/paging";

// Spec §8's last resort is 'An error occurred'; the app is Spanish, so a person reads this instead (docs/decisions.md).
export const GENERIC_ERROR_MESSAGE = "Ha ocurrido un error";

// A failed API answer, read as the spec says (§8 generic): error field, else message field, else the generic message.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  readonly body: Record<string, unknown>;
  // The X-Request-Id the BFF answered with (the API's log line carries it), else one named in the body.
  readonly requestId: string | null;

  constructor(status: number, body: Record<string, unknown>, requestId: string | null = null) {
    const code = typeof body.error === "string" ? body.error : null;
    const serverMessage = typeof body.message === "string" ? body.message : null;
    super(code ?? serverMessage ?? GENERIC_ERROR_MESSAGE);
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.body = body;
    this.requestId = requestId ?? (typeof body.requestId === "string" ? body.requestId : null);
  }
}

// The text to show a person: the server's Spanish message when there is one, else the spec's reading.
// fetch() rejects with a TypeError when the network fails ('Failed to fetch' in Chromium): never shown as it is.
export const NETWORK_ERROR_MESSAGE = "No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.";

export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback ?? error.message;
  if (error instanceof TypeError) return fallback ?? NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && fallback === undefined) return error.message;
  return fallback ?? GENERIC_ERROR_MESSAGE;
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  // Sees a successful answer's headers (a paged list's next cursor).
  onHeaders?: (headers: Headers) => void;
};

async function readBody(res: Response): Promise<Record<string, unknown>> {
  try {
    const body = await res.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// A 401 outside sign-in means the session ended (revoked, expired, user deactivated): sign out and go to the login.
const PATHS_WITHOUT_SESSION = new Set(["/api/login", "/api/logout"]);
let signingOut = false;
async function signOut() {
  if (typeof window === "undefined" || signingOut) return;
  signingOut = true;
  await fetch("/api/logout", { method: "POST", credentials: "same-origin" }).catch(() => null);
  window.location.assign("/login");
}

// How a call reaches the BFF: the browser's fetch, or on the server the BFF's handler in process (set by
// lib/bff/server-prefetch.tsx, which fills a page's first view on the server through the same calls and schemas).
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let serverTransport: Transport | null = null;
export function setServerTransport(transport: Transport) {
  serverTransport = transport;
}

/**
 * An answer's type, named by its contract schema (`import type` of the schema, so the browser never loads zod for it).
 * The browser does not parse answers at run time: the API tests check every answer against its schema, and a parse
 * on every read cost every page zod's 32 kB and its start-up work (issue 13, docs/decisions.md).
 */
export type Answer<S extends z.ZodType> = z.output<S>;

// Same-origin calls to the BFF; it adds the bearer token from the session cookie.
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  const url = path.startsWith("/api") ? path : `/api${path}`;
  const send = typeof window === "undefined" && serverTransport ? serverTransport : fetch;
  const res = await send(url, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    credentials: "same-origin",
    signal: options.signal,
  });
  if (!res.ok) {
    const error = new ApiError(res.status, await readBody(res), res.headers.get("x-request-id"));
    if (res.status === 401 && !PATHS_WITHOUT_SESSION.has(url)) void signOut();
    throw error;
  }
  options.onHeaders?.(res.headers);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const apiGet = <T = unknown>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T = unknown>(path: string, json?: unknown) => apiRequest<T>(path, { method: "POST", json: json ?? {} });

// One page of a list that grows with use: the body in its own shape, the next position from X-Next-Cursor (none on the
// last page, or from an API that does not page) and the capped count from X-Total-Count when the list sends one.
export type Page<T> = { items: T; nextCursor: string | null; total: number | null };
function pageOf<T>(items: T, headers: Headers | null): Page<T> {
  const read = (name: string) => headers?.get(name) ?? null;
  const total = read(TOTAL_COUNT_HEADER);
  return { items, nextCursor: read(NEXT_CURSOR_HEADER), total: total !== null && /^\d+$/.test(total) ? Number(total) : null };
}
export async function apiGetPage<T = unknown>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  let headers: Headers | null = null;
  const items = await apiRequest<T>(path, { signal, onHeaders: (h) => (headers = h) });
  return pageOf(items, headers);
}

// The query string of a page: the list's own parameters plus the cursor, when there is one.
export function pagePath(path: string, params: Record<string, string | undefined>, cursor: string | null): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") query.set(key, value);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

// getNextPageParam of every paged list: null (no next page) once the API sends no cursor.
export const nextPageParam = (last: Page<unknown>) => last.nextCursor;

export type Revalidated<T> = { isModified: true; page: Page<T>; etag: string | null } | { isModified: false };

/**
 * A GET revalidated with an ETag the caller holds in memory: personal answers are `no-store` (the browser keeps
 * nothing on disk), so the caller sends If-None-Match itself and reuses the page it holds on 304. The answer is read
 * as a page (a list that does not page is one page without a next cursor).
 */
export async function apiGetRevalidated<T>(path: string, etag: string | null, signal?: AbortSignal): Promise<Revalidated<T>> {
  const url = path.startsWith("/api") ? path : `/api${path}`;
  const send = typeof window === "undefined" && serverTransport ? serverTransport : fetch;
  const headers: Record<string, string> = { Accept: "application/json", ...(etag ? { "If-None-Match": etag } : {}) };
  const res = await send(url, { method: "GET", headers, credentials: "same-origin", cache: "no-store", signal });
  if (res.status === 304) return { isModified: false };
  if (!res.ok) {
    const error = new ApiError(res.status, await readBody(res), res.headers.get("x-request-id"));
    if (res.status === 401) void signOut();
    throw error;
  }
  return { isModified: true, page: pageOf((await res.json()) as T, res.headers), etag: res.headers.get("etag") };
}
