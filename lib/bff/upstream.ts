import { appEnv } from "@/lib/env";
import { DEVICE_TOKEN_HEADER } from "@/lib/session/device";
import { REQUEST_ID_HEADER } from "./request-id";
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER, requestHost } from "@/lib/tenant/host";

// Headers the browser must never be able to set on the API call: the BFF decides them.
const DROPPED_REQUEST_HEADERS = new Set([
  "authorization",
  "cookie",
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
  TENANT_HOST_HEADER,
  CLIENT_IP_HEADER,
  INTERNAL_SECRET_HEADER,
  "x-forwarded-host",
  // Set by the BFF itself: the request id it answers with, and the device token from its httpOnly cookie.
  REQUEST_ID_HEADER,
  DEVICE_TOKEN_HEADER,
]);

const DROPPED_RESPONSE_HEADERS = new Set(["set-cookie", "connection", "transfer-encoding", "keep-alive", "content-encoding", "content-length"]);

export type ForwardOptions = {
  token: string | null;
  body?: BodyInit | null;
  method?: string;
  path?: string;
  requestId?: string;
  deviceToken?: string | null;
};

// X-Forwarded-For is the client's to write; only the entries added by our own proxies can be believed. TRUSTED_PROXY
// is how many proxies in front of Next append to it (0/unset: none, the address is unknown to the login throttle).
export function clientIp(headers: Headers, trustedHops = appEnv.TRUSTED_PROXY ?? 0): string {
  if (!Number.isInteger(trustedHops) || trustedHops < 1) return "unknown";
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  return hops[hops.length - trustedHops] ?? "unknown";
}

// Calls the driving-school API: the external upstream when DRIVING_SCHOOL_API_URL is set, else in process.
export async function callApi(request: Request, options: ForwardOptions): Promise<Response> {
  const incoming = new URL(request.url);
  const path = options.path ?? incoming.pathname;
  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (!DROPPED_REQUEST_HEADERS.has(key.toLowerCase())) headers.set(key, value);
  });
  headers.set(TENANT_HOST_HEADER, requestHost(request.headers));
  headers.set(CLIENT_IP_HEADER, clientIp(request.headers));
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.requestId) headers.set(REQUEST_ID_HEADER, options.requestId);
  if (options.deviceToken) headers.set(DEVICE_TOKEN_HEADER, options.deviceToken);
  // The standalone API believes the two headers above only with this shared secret (server/main.ts).
  if (appEnv.INTERNAL_API_SECRET) headers.set(INTERNAL_SECRET_HEADER, appEnv.INTERNAL_API_SECRET);

  const method = options.method ?? request.method;
  const hasBody = !["GET", "HEAD"].includes(method);
  const init: RequestInit & { duplex?: "half" } = {
    method,
    headers,
    body: hasBody ? (options.body !== undefined ? options.body : request.body) : undefined,
    redirect: "manual",
  };
  if (init.body instanceof ReadableStream) init.duplex = "half";

  try {
    const upstream = appEnv.DRIVING_SCHOOL_API_URL;
    if (upstream) {
      return await fetch(new URL(`${path.replace(/^\/api\/?/, "")}${incoming.search}`, upstream.endsWith("/") ? upstream : `${upstream}/`), init);
    }
    const { getApp } = await import("@/server/app");
    return await getApp().fetch(new Request(`http://volante.internal${path}${incoming.search}`, init));
  } catch (error) {
    // An API that cannot be reached (or cannot start) is the gateway's failure, told as one: never Next's HTML 500.
    console.error(`[bff] API call failed ${method} ${path} requestId=${options.requestId ?? "-"}:`, error instanceof Error ? error.message : error);
    return apiUnavailable();
  }
}

const apiUnavailable = () =>
  new Response(JSON.stringify({ error: "API_UNAVAILABLE", message: "El servidor no está disponible. Inténtalo de nuevo más tarde." }), {
    status: 502,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

// Streams the API's answer back unchanged (status, body, Content-Type, Content-Disposition…).
export function relay(response: Response): Response {
  const headers = new Headers();
  response.headers.forEach((value, key) => {
    if (!DROPPED_RESPONSE_HEADERS.has(key.toLowerCase())) headers.set(key, value);
  });
  // A file's length must reach the browser (video seeking, 206 ranges) unless the body was re-encoded on the way.
  const length = response.headers.get("content-length");
  if (length && !response.headers.has("content-encoding")) headers.set("content-length", length);
  headers.set("cache-control", response.headers.get("cache-control") ?? "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
