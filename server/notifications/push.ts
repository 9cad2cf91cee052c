import crypto from "node:crypto";
import webpush from "web-push";
import { loadVapidKeys, vapidAvailable } from "./vapid";

// Web Push (RFC 8030) with VAPID (RFC 8292). web-push encrypts the payload (aes128gcm, RFC 8291) and signs the JWT;
// the request itself goes out with fetch, because web-push's own sender speaks only https and the test suites' push
// service (tests/support/push-service.ts) is plain http on 127.0.0.1.

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
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, body, {
    vapidDetails: vapid,
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
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: new Uint8Array(details.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PushError(`push service unreachable: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return "gone";
  if (!response.ok) throw new PushError(`push service answered ${response.status}`, response.status);
  return "sent";
}
