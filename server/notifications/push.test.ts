import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { createBrowserSubscription, startPushService, type PushService } from "@/tests/support/push-service";
import { pushConfigured, pushTopic, sendPush, vapidAuthorization, vapidPublicKey, PushError } from "./push";
import { loadVapidKeys } from "./vapid";

const vapid = webpush.generateVAPIDKeys();
const saved = { ...process.env };
let service: PushService;

beforeAll(async () => {
  service = await startPushService();
});
beforeEach(() => {
  service.clear();
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  process.env.VAPID_SUBJECT = "mailto:soporte@volante.example";
});
afterAll(async () => {
  process.env = saved;
  await service.stop();
});

const target = (sub: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({ endpoint: sub.endpoint, ...sub.keys });
const payload = { title: "Reserva confirmada", link: "/student/reservations?id=r-1", tag: "n-1" };

describe("sendPush to an RFC 8030 push service", () => {
  it("delivers an encrypted payload with exactly the title, the link and the tag, signed by our VAPID key", async () => {
    const sub = createBrowserSubscription(service, { applicationServerKey: vapid.publicKey });
    const extra = { ...payload, body: "Lucía Martín, mañana 10:00", email: "lucia@example.com" };
    await expect(sendPush(target(sub), extra, { notificationId: "0b5e7c36-9a5e-4c57-8d0c-4f7c1b0f7a11", urgency: "high", ttlSeconds: 7200 })).resolves.toBe("sent");

    const [push] = await service.waitFor(1);
    expect(push!.json).toEqual(payload);
    expect(push!.vapid.publicKey).toBe(vapid.publicKey);
    expect(push!.vapid.claims).toMatchObject({ aud: service.origin, sub: "mailto:soporte@volante.example" });
    expect(push!.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "7200", urgency: "high", topic: pushTopic("0b5e7c36-9a5e-4c57-8d0c-4f7c1b0f7a11") });
    // The ciphertext does not show the payload to the push service.
    expect(service.refused).toEqual([]);
  });

  it("signs one VAPID JWT per push service and reuses it for the next pushes, each accepted, renewing it before it expires", async () => {
    const [one, two] = [createBrowserSubscription(service), createBrowserSubscription(service)];
    await expect(sendPush(target(one), payload)).resolves.toBe("sent");
    await expect(sendPush(target(two), { ...payload, tag: "n-2" })).resolves.toBe("sent");
    const pushes = await service.waitFor(2);
    expect(service.refused).toEqual([]);
    expect(pushes[0]!.headers.authorization).toBe(pushes[1]!.headers.authorization);
    // Valid for at most 24 h (RFC 8292 §2), and still for a while when reused.
    const expiresIn = Number(pushes[0]!.vapid.claims.exp) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(60 * 60);
    expect(expiresIn).toBeLessThanOrEqual(24 * 60 * 60);

    const keys = loadVapidKeys()!;
    const header = pushes[0]!.headers.authorization;
    expect(vapidAuthorization(service.origin, keys)).toBe(header);
    expect(vapidAuthorization("https://updates.push.services.mozilla.com", keys)).not.toBe(header);
    // An hour before the JWT's end (12 h) a new one is signed, then reused in turn. Only the clock is faked.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "queueMicrotask", "hrtime", "performance"] });
    try {
      jest.setSystemTime(Date.now() + 10 * 60 * 60 * 1000);
      expect(vapidAuthorization(service.origin, keys)).toBe(header);
      jest.setSystemTime(Date.now() + 60 * 60 * 1000);
      const renewed = vapidAuthorization(service.origin, keys);
      expect(renewed).not.toBe(header);
      jest.setSystemTime(Date.now() + 60 * 1000);
      expect(vapidAuthorization(service.origin, keys)).toBe(renewed);
    } finally {
      jest.useRealTimers();
    }
  });

  it("gives a retried send of one notification the same Topic (the push service replaces the undelivered one)", async () => {
    const sub = createBrowserSubscription(service);
    await sendPush(target(sub), payload, { notificationId: "n-42" });
    await sendPush(target(sub), { ...payload, title: "Otra" }, { notificationId: "n-42" });
    await sendPush(target(sub), payload, { notificationId: "n-43" });
    const pushes = await service.waitFor(3);
    expect(pushes[0]!.headers.topic).toBe(pushes[1]!.headers.topic);
    expect(pushes[2]!.headers.topic).not.toBe(pushes[0]!.headers.topic);
    expect(pushes[0]!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(pushes[0]!.headers.ttl).toBe("86400");
    expect(pushes[0]!.headers.urgency).toBe("normal");
  });

  it("answers 'gone' when the push service says 404 or 410, and throws on anything else", async () => {
    const gone = createBrowserSubscription(service);
    service.answer(gone.endpoint, 410);
    await expect(sendPush(target(gone), payload)).resolves.toBe("gone");
    const unknown = createBrowserSubscription(service);
    service.answer(unknown.endpoint, 404);
    await expect(sendPush(target(unknown), payload)).resolves.toBe("gone");
    const busy = createBrowserSubscription(service);
    service.answer(busy.endpoint, 429);
    await expect(sendPush(target(busy), payload)).rejects.toMatchObject({ status: 429 });
    expect(service.received).toHaveLength(0);
  });

  it("is refused by the push service when signed with another key than the subscription's", async () => {
    const sub = createBrowserSubscription(service, { applicationServerKey: webpush.generateVAPIDKeys().publicKey });
    const error = await sendPush(target(sub), payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect((error as PushError).status).toBe(403);
  });

  it("throws PushError when the push service cannot be reached", async () => {
    const sub = createBrowserSubscription(service);
    const closed = sub.endpoint.replace(/:\d+\//, ":1/");
    await expect(sendPush({ ...target(sub), endpoint: closed }, payload, { timeoutMs: 2000 })).rejects.toMatchObject({ status: null });
  });
});

describe("a kept-alive connection the push service closes", () => {
  // A push service (plain TCP speaking HTTP/1.1, to control each connection) that answers the first request on a
  // connection, keeps it open, and closes it when a second request arrives, before reading it: what a server closing
  // an idle connection does to the push that was already on its way.
  let server: net.Server;
  let origin: string;
  const answered: string[] = [];
  beforeAll(async () => {
    server = net.createServer((socket) => {
      let received = "";
      let requests = 0;
      socket.on("data", (chunk: Buffer) => {
        if (requests === 1) return void socket.destroy();
        received += chunk.toString("latin1");
        const headersEnd = received.indexOf("\r\n\r\n");
        if (headersEnd < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(received.slice(0, headersEnd))?.[1] ?? 0);
        if (received.length - headersEnd - 4 < length) return;
        requests = 1;
        answered.push(received.slice(0, received.indexOf("\r\n")));
        socket.write("HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the push again at once on a new connection, and it arrives once", async () => {
    const sub = createBrowserSubscription(service);
    const endpoint = `${origin}/push/${crypto.randomUUID()}`;
    await expect(sendPush({ ...target(sub), endpoint }, payload)).resolves.toBe("sent");
    // The second push goes out on the kept-alive connection, which the service closes: it is sent again and arrives.
    await expect(sendPush({ ...target(sub), endpoint }, { ...payload, tag: "n-2" })).resolves.toBe("sent");
    expect(answered).toHaveLength(2);
  });
});

describe("VAPID keys", () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "vapid-"));

  it("come from the environment when set", async () => {
    expect(pushConfigured()).toBe(true);
    expect(await vapidPublicKey()).toBe(vapid.publicKey);
  });

  it("outside production without env: generated once under DATA_DIR/keys/vapid.json and reused", () => {
    const dir = tmp();
    const env = { NODE_ENV: "development", DATA_DIR: dir } as NodeJS.ProcessEnv;
    const first = loadVapidKeys({ env });
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "keys", "vapid.json"), "utf8")).publicKey).toBe(first!.publicKey);
    expect((fs.statSync(path.join(dir, "keys", "vapid.json")).mode & 0o777).toString(8)).toBe("600");
    // Another process (no cache) reads the same pair.
    expect(loadVapidKeys({ env: { ...env, VAPID_SUBJECT: "mailto:otro@volante.example" } })?.publicKey).toBe(first!.publicKey);
  });

  it("in production without env: push is off and no key is invented", async () => {
    const dir = tmp();
    const env = { NODE_ENV: "production", DATA_DIR: dir } as NodeJS.ProcessEnv;
    expect(pushConfigured(env)).toBe(false);
    expect(await vapidPublicKey(env)).toBeNull();
    expect(fs.existsSync(path.join(dir, "keys"))).toBe(false);
  });
});
