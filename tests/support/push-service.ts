import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createUserAgentKeys, decryptAes128gcm, PushProtocolError, verifyVapid, type UserAgentKeys, type VapidClaims } from "./web-push-crypto";

// A push service on 127.0.0.1 speaking RFC 8030 (POST /push/<id> → 201), checking RFC 8292's VAPID header and
// decrypting RFC 8291's aes128gcm body with the keys of the subscription it handed out. Usable from jest and from
// Playwright (the e2e server sends to it like to any endpoint). Plain http: see server/notifications/push.ts.

export type ReceivedPush = {
  id: string;
  endpoint: string;
  /** Lower-cased request headers. */
  headers: Record<string, string>;
  /** The decrypted body as text, and parsed when it is JSON; null for a push not decrypted (decryptEvery). */
  payload: string | null;
  json: unknown;
  vapid: { claims: VapidClaims; publicKey: string };
  receivedAt: Date;
};

export type RefusedPush = { endpoint: string; status: number; reason: string };

/** What a browser's PushSubscription.toJSON() gives, for this service. */
export type BrowserSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

type Registered = { keys: UserAgentKeys; applicationServerKey: string | null };

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** A new subscription endpoint with its keys; applicationServerKey, when given, must match the sender's k=. */
  register(keys: UserAgentKeys, options?: { applicationServerKey?: string }): string;
  /** From now on, POSTs to this endpoint get this status (404 or 410: the subscription is gone). */
  answer(endpoint: string, status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  clear(): void;
  stop(): Promise<void>;
};

const URL_SAFE = /^[A-Za-z0-9_-]{1,32}$/;
const URGENCIES = new Set(["very-low", "low", "normal", "high"]);

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * `decryptEvery`: decrypt one push in that many (default every one; the others are checked up to their headers and
 * VAPID JWT): a bench receiving thousands checks a sample, so that this service's CPU (it stands for another host)
 * does not weigh on what is measured.
 */
export async function startPushService(options: { decryptEvery?: number } = {}): Promise<PushService> {
  const decryptEvery = Math.max(1, Math.floor(options.decryptEvery ?? 1));
  let accepted = 0;
  const subscriptions = new Map<string, Registered>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = "";

  // A push service verifies a reused VAPID JWT once (RFC 8292 §2 lets a sender reuse it): the same header is trusted
  // again until its exp; a new one (another key, a renewal) is verified in full.
  const verified = new Map<string, { claims: VapidClaims; publicKey: string }>();
  const vapidOf = (authorization: string | undefined) => {
    const known = authorization ? verified.get(authorization) : undefined;
    if (known && known.claims.exp > Date.now() / 1000) return known;
    const vapid = verifyVapid(authorization, origin);
    if (authorization && verified.size < 1000) verified.set(authorization, vapid);
    return vapid;
  };

  const check = (cond: unknown, status: number, reason: string) => {
    if (!cond) throw new PushProtocolError(reason, status);
  };

  async function accept(req: http.IncomingMessage, id: string): Promise<ReceivedPush> {
    const endpoint = `${origin}/push/${id}`;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const body = await readBody(req);
    const forced = answers.get(endpoint);
    if (forced) throw new PushProtocolError("told to answer so", forced);
    const sub = subscriptions.get(id);
    check(sub, 404, "no such subscription");
    // RFC 8030 §5.2: TTL is required; §5.3 Urgency and §5.4 Topic are checked when present.
    check(/^\d+$/.test(headers.ttl ?? ""), 400, "TTL header missing or not a number");
    check(!headers.urgency || URGENCIES.has(headers.urgency), 400, `bad Urgency ${headers.urgency}`);
    check(!headers.topic || URL_SAFE.test(headers.topic), 400, `bad Topic ${headers.topic}`);
    const vapid = vapidOf(headers.authorization);
    check(!sub!.applicationServerKey || sub!.applicationServerKey === vapid.publicKey, 403, "k= is not the key the subscription was made with");
    check(headers["content-encoding"] === "aes128gcm", 415, `Content-Encoding ${headers["content-encoding"]} is not aes128gcm`);
    // RFC 8030 §7.2: a push service must accept at least 4096 bytes.
    check(body.length <= 4096, 413, "payload too large");
    if (accepted++ % decryptEvery !== 0) return { id: crypto.randomUUID(), endpoint, headers, payload: null, json: null, vapid, receivedAt: new Date() };
    const payload = decryptAes128gcm(body, sub!.keys).toString("utf8");
    let json: unknown = null;
    try {
      json = JSON.parse(payload);
    } catch {
      json = null;
    }
    return { id: crypto.randomUUID(), endpoint, headers, payload, json, vapid, receivedAt: new Date() };
  }

  const server = http.createServer((req, res) => {
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404).end();
      return;
    }
    accept(req, match[1]!).then(
      (push) => {
        received.push(push);
        for (const wake of waiters) wake();
        res.writeHead(201, { Location: `${origin}/message/${push.id}` }).end();
      },
      (error: unknown) => {
        const status = error instanceof PushProtocolError ? error.status : 500;
        const reason = error instanceof Error ? error.message : String(error);
        refused.push({ endpoint: `${origin}${req.url}`, status, reason });
        res.writeHead(status, { "Content-Type": "text/plain" }).end(reason);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    register(keys, options = {}) {
      const id = crypto.randomBytes(12).toString("base64url");
      subscriptions.set(id, { keys, applicationServerKey: options.applicationServerKey ?? null });
      return `${origin}/push/${id}`;
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const done = () => {
          if (received.length < count) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(received.slice());
          return true;
        };
        const wake = () => void done();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`push service: ${received.length} of ${count} pushes after ${timeoutMs} ms; refused: ${JSON.stringify(refused)}`));
        }, timeoutMs);
        waiters.add(wake);
        done();
      });
    },
    clear() {
      received.length = 0;
      refused.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser-like subscription on this service: a fresh P-256 key pair and 16 random bytes of auth secret. */
export function createBrowserSubscription(service: PushService, options: { applicationServerKey?: string } = {}): BrowserSubscription {
  const keys = createUserAgentKeys();
  const endpoint = service.register(keys, options);
  return { endpoint, expirationTime: null, keys: { p256dh: keys.publicKey.toString("base64url"), auth: keys.authSecret.toString("base64url") } };
}
