import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { loadVapidKeys, vapidAvailable } from "./vapid";

// Web Push (RFC 8030) with VAPID (RFC 8292). web-push encrypts the payload (aes128gcm, RFC 8291); the VAPID JWT is
// signed here and reused (vapidAuthorization). The request goes out with node:http(s) on kept-alive connections
// (post), because web-push's own sender speaks only https and the test suites' push service
// (tests/support/push-service.ts) is plain http on 127.0.0.1.

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** All a push carries: no body, no names, nothing the lock screen should not show beyond the title. */
export type PushPayload = { title: string; link: string; tag: string };
export type PushUrgency = "very-low" | "low" | "normal" | "high";
export type PushOptions = {
  /** Makes the Topic header: a retried send of the same notification replaces an undelivered duplicate. */
  notificationId?: string;
  /** How long the push service keeps it for an offline device (default a day). */
  ttlSeconds?: number;
  urgency?: PushUrgency;
  timeoutMs?: number;
};

export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 15_000;

export function pushConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return vapidAvailable({ env });
}

/** What the browser passes to PushManager.subscribe as applicationServerKey; null when push is not configured. */
export async function vapidPublicKey(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  return loadVapidKeys({ env })?.publicKey ?? null;
}

/** RFC 8030 §5.4: at most 32 URL-safe base64 characters; the same notification always gets the same topic. */
export function pushTopic(key: string): string {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 22);
}

// RFC 8292 §2: the JWT may be reused for many requests to one push service until it expires (at most 24 h ahead).
// Signed for 12 h and renewed an hour before: one ECDSA signature per push service every 11 hours instead of one per
// push (a burst of 10,000 reminders spent ~0.6 ms of CPU per push signing: docs/benchmarks.md#notifications).
const VAPID_JWT_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_MS = 60 * 60 * 1000;
// Audiences are the push services' origins (a handful); a bound all the same, since endpoints come from browsers.
const MAX_AUDIENCES = 100;
const vapidHeaders = new Map<string, { authorization: string; renewAt: number }>();

type VapidKeys = NonNullable<ReturnType<typeof loadVapidKeys>>;

/** The `Authorization: vapid t=…, k=…` header for a push service's origin, reused until an hour before it expires. */
export function vapidAuthorization(audience: string, vapid: VapidKeys): string {
  const nowMs = Date.now();
  const key = `${audience}|${vapid.subject}|${vapid.publicKey}`;
  const cached = vapidHeaders.get(key);
  if (cached && nowMs < cached.renewAt) return cached.authorization;
  const expiresAt = Math.floor(nowMs / 1000) + VAPID_JWT_SECONDS;
  const headers = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, "aes128gcm", expiresAt) as { Authorization: string };
  if (vapidHeaders.size >= MAX_AUDIENCES) vapidHeaders.clear();
  vapidHeaders.set(key, { authorization: headers.Authorization, renewAt: expiresAt * 1000 - VAPID_RENEW_BEFORE_MS });
  return headers.Authorization;
}

// Kept-alive connections, at most 64 per push service at once: a round of 500 pushes reuses a few dozen connections
// instead of opening one each (fetch opened one per push in flight, and cost ~0.5 ms of CPU a push more).
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

// A kept-alive connection can be closed by the push service just as a push goes out on it (servers close idle
// connections after a few seconds; under load our side notices late): the request then fails with a reset before the
// service read it. Such a push is sent again at once on a new connection, as Node's documentation advises
// (request.reusedSocket); a second failure is the queue's to retry.
const STALE_CONNECTION = new Set(["ECONNRESET", "EPIPE"]);

/** POSTs the encrypted body; the push service's status, or throws (unreachable, timed out). */
function post(url: URL, headers: Record<string, string>, body: Buffer, timeoutMs: number, pooled = true): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const agent = pooled ? agents[url.protocol as keyof typeof agents] : false;
    const request = client.request(url, { method: "POST", headers: { ...headers, "content-length": String(body.length) }, agent }, (response) => {
      response.resume();
      response.on("end", () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
      response.on("error", fail);
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (pooled && request.reusedSocket && STALE_CONNECTION.has(error.code ?? "")) {
        clearTimeout(timer);
        resolve(post(url, headers, body, timeoutMs, false));
      } else fail(error);
    });
    request.end(body);
  });
}

export class PushError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * Sends one push to one device. "gone": the push service no longer knows the subscription (404/410), the caller
 * deletes it. Throws PushError on anything else (the queue retries it).
 */
export async function sendPush(target: PushTarget, payload: PushPayload, options: PushOptions = {}): Promise<"sent" | "gone"> {
  const vapid = loadVapidKeys();
  if (!vapid) throw new PushError("Web Push is not configured (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY)", null);
  const endpoint = new URL(target.endpoint);
  // Plain http exists only for the local test push service; a real browser's endpoint is always https.
  if (endpoint.protocol !== "https:" && process.env.NODE_ENV === "production") return "gone";
  // Only these three fields, whatever the caller's object holds.
  const body = JSON.stringify({ title: payload.title, link: payload.link, tag: payload.tag });
  // web-push encrypts and sets the headers; the VAPID header is ours (vapidAuthorization), hence no vapidDetails here
  // (none is set globally either: server/notifications/vapid.ts).
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, body, {
    headers: { Authorization: vapidAuthorization(endpoint.origin, vapid) },
    contentEncoding: "aes128gcm",
    TTL: options.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS,
    urgency: options.urgency ?? "normal",
    topic: pushTopic(options.notificationId ?? payload.tag),
  });
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  let status: number;
  try {
    status = await post(new URL(details.endpoint), headers, details.body, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (error) {
    throw new PushError(`push service unreachable: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  if (status === 404 || status === 410) return "gone";
  if (status < 200 || status > 299) throw new PushError(`push service answered ${status}`, status);
  return "sent";
}
