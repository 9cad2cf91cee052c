import webpush from "web-push";
import { createBrowserSubscription, startPushService, type PushService } from "./push-service";

let service: PushService;
const vapid = webpush.generateVAPIDKeys();
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.stop());
beforeEach(() => service.clear());

const details = (sub: ReturnType<typeof createBrowserSubscription>, payload: string, options: webpush.RequestOptions = {}) =>
  webpush.generateRequestDetails(sub, payload, { vapidDetails: { subject: "mailto:ops@example.com", ...vapid }, TTL: 60, ...options });

async function post(d: ReturnType<typeof details>, edit: (h: Record<string, string>) => void = () => undefined) {
  const headers = Object.fromEntries(Object.entries(d.headers).filter(([k]) => k !== "Content-Length").map(([k, v]) => [k, String(v)]));
  edit(headers);
  return fetch(d.endpoint, { method: "POST", headers, body: new Uint8Array(d.body) });
}

describe("the local push service", () => {
  it("hands out browser-like subscriptions and decrypts what is sent to them", async () => {
    const sub = createBrowserSubscription(service);
    expect(sub).toEqual({ endpoint: expect.stringMatching(new RegExp(`^${service.origin}/push/[\\w-]+$`)), expirationTime: null, keys: { p256dh: expect.stringMatching(/^[\w-]{87}$/), auth: expect.stringMatching(/^[\w-]{22}$/) } });
    const res = await post(details(sub, '{"title":"Hola"}'));
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toMatch(/\/message\//);
    const [push] = await service.waitFor(1);
    expect(push).toMatchObject({ endpoint: sub.endpoint, payload: '{"title":"Hola"}', json: { title: "Hola" } });
  });

  it("with decryptEvery, decrypts a sample and still checks every push's headers and VAPID JWT", async () => {
    const sampling = await startPushService({ decryptEvery: 2 });
    try {
      const subs = [1, 2, 3].map(() => createBrowserSubscription(sampling));
      for (const sub of subs) expect((await post(details(sub, '{"title":"Hola"}'))).status).toBe(201);
      const pushes = await sampling.waitFor(3);
      expect(pushes.map((p) => [p.endpoint, p.json])).toEqual([
        [subs[0]!.endpoint, { title: "Hola" }],
        [subs[1]!.endpoint, null],
        [subs[2]!.endpoint, { title: "Hola" }],
      ]);
      // Not decrypted is not unchecked: a JWT for another audience is still refused.
      const elsewhere = details({ ...subs[1]!, endpoint: subs[1]!.endpoint.replace("127.0.0.1", "localhost") }, "x");
      expect((await post({ ...elsewhere, endpoint: subs[1]!.endpoint })).status).toBe(403);
    } finally {
      await sampling.stop();
    }
  });

  it("refuses a missing TTL, another audience, a body for another subscription, an unknown endpoint and answers what it was told", async () => {
    const sub = createBrowserSubscription(service);
    expect((await post(details(sub, "x"), (h) => delete h.TTL)).status).toBe(400);
    const elsewhere = details({ ...sub, endpoint: sub.endpoint.replace("127.0.0.1", "localhost") }, "x");
    expect((await post({ ...elsewhere, endpoint: sub.endpoint })).status).toBe(403);
    const other = createBrowserSubscription(service);
    expect((await post({ ...details(other, "x"), endpoint: sub.endpoint })).status).toBe(400);
    expect((await post({ ...details(sub, "x"), endpoint: `${service.origin}/push/nope` })).status).toBe(404);
    service.answer(sub.endpoint, 410);
    expect((await post(details(sub, "x"))).status).toBe(410);
    expect(service.received).toHaveLength(0);
    expect(service.refused.map((r) => r.status)).toEqual([400, 403, 400, 404, 410]);
    await expect(service.waitFor(1, 100)).rejects.toThrow(/0 of 1 pushes/);
  });
});
