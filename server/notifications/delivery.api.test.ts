import { and, eq, inArray } from "drizzle-orm";
import { jobs, notificationDeliveries, notifications, pushSubscriptions } from "@/server/db/schema/notifications";
import type { Tx } from "@/server/db/client";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createTenant, createUser, tokenFor, type TestTenant, type TestUser } from "@/tests/fixtures/factories";
import { randomDni } from "@/tests/fixtures/cap-factories";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { createBrowserSubscription, startPushService, type PushService } from "@/tests/support/push-service";
import { closeEmailTransport } from "./email";
import { notify, type NotifyInput } from "./notify";
import { claimJobs, LEASE_MS } from "./queue";
import { drainJobs } from "@/tests/fixtures/jobs";
import { runDueJobs } from "./worker";

// The outbox and the queue: notify() writes in the caller's transaction, the worker delivers each notification once
// per channel to a real SMTP server (smtp-server) and an RFC 8030/8291 push service on this machine. Time is the
// test's: notify() and runDueJobs() take `now`, so quiet hours and back-off do not depend on the wall clock.
jest.setTimeout(120_000);

let ctx: ApiContext;
let sink: SmtpSink;
let pushService: PushService;
let tenant: TestTenant;
type Person = TestUser & { token: string };
let student: Person;

// 12:00 in Madrid (winter, UTC+1): outside the quiet hours.
const NOON = new Date("2026-01-12T11:00:00Z");
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function person(email: string | null, roles = ["ROLE_ALUMNO"]): Promise<Person> {
  const user = await createUser(ctx.db, tenant, { roles, email, firstName: "Lucía", dni: randomDni() });
  return { ...user, token: await tokenFor(user, tenant) };
}

async function subscribe(who: Person) {
  const sub = createBrowserSubscription(pushService);
  const res = await ctx.call("/notifications/push/subscriptions", { method: "POST", token: who.token, host: tenant.host, body: sub });
  expect(res.status).toBe(201);
  return sub;
}

const confirmed = (who: Person, extra: Partial<NotifyInput> = {}): NotifyInput => ({
  tenantId: tenant.id,
  userIds: [who.id],
  kind: "reservation-confirmed",
  params: { instructor: "Pablo Ruiz", when: "lun 12 ene · 10:00–11:00", reservationId: "7d4f0b1e-0000-4000-8000-000000000001" },
  now: NOON,
  ...extra,
});

const send = (input: NotifyInput) => ctx.db.transaction((tx: Tx) => notify(tx, input));

async function deliveriesOf(userId: string) {
  const rows = await ctx.db
    .select({ channel: notificationDeliveries.channel, status: notificationDeliveries.status, attempts: notificationDeliveries.attempts, skipReason: notificationDeliveries.skipReason, lastError: notificationDeliveries.lastError })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.channel, r]));
}

/** Runs rounds at `now` until one claims nothing (tests: everything due is done). */
const drain = (now: Date) => drainJobs(ctx.db, now);

beforeAll(async () => {
  [ctx, sink, pushService] = await Promise.all([createApiContext(), startSmtpSink(), startPushService()]);
  process.env.SMTP_URL = sink.url;
});
beforeEach(async () => {
  tenant = await createTenant(ctx.db, { name: "Autoescuela Central" });
  student = await person(`lucia.${crypto.randomUUID().slice(0, 8)}@example.com`);
  sink.clear();
  pushService.clear();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  closeEmailTransport();
  await Promise.all([ctx.close(), sink.stop(), pushService.stop()]);
});

describe("the outbox", () => {
  it("a rolled-back transaction writes and sends nothing", async () => {
    await subscribe(student);
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, confirmed(student));
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, student.id))).toHaveLength(0);
    expect(await ctx.db.select().from(jobs).where(eq(jobs.tenantId, tenant.id))).toHaveLength(0);
    await drain(NOON);
    expect(sink.messages).toHaveLength(0);
    expect(pushService.received).toHaveLength(0);
  });

  it("a committed one is delivered once by e-mail and once to each device, and a second round sends nothing", async () => {
    const [phone, laptop] = [await subscribe(student), await subscribe(student)];
    await send(confirmed(student));
    expect(await deliveriesOf(student.id)).toMatchObject({ email: { status: "pending" }, push: { status: "pending" } });
    await drain(NOON);

    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(mail!.to).toEqual([student.email]);
    expect(mail!.from?.name).toBe("Autoescuela Central");
    // The catalog's Spanish title (notif-events owns the texts).
    expect(mail!.subject).toContain(note!.title);
    expect(mail!.text).toContain("lun 12 ene · 10:00–11:00");
    expect(mail!.html).toContain(note!.title);
    expect(mail!.messageId).toBe(`<${note!.id}.email@volante>`);
    expect(mail!.headers["list-unsubscribe"]).toMatch(/\/api\/notifications\/unsubscribe\?token=/);

    expect(pushService.received.map((p) => p.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const push of pushService.received) {
      // Title and link only: nothing else of the notification travels (RFC 8291 encrypted, decrypted by the service).
      expect(push.json).toEqual({ title: note!.title, link: note!.link, tag: note!.id });
    }
    expect(await deliveriesOf(student.id)).toMatchObject({ email: { status: "sent", attempts: 1 }, push: { status: "sent", attempts: 1 } });

    expect((await drain(at(NOON, 3_600_000))).claimed).toBe(0);
    expect(sink.messages).toHaveLength(1);
    expect(pushService.received).toHaveLength(2);
  });

  it("sends by the channels the user has on: no address, no device, or a channel turned off means none", async () => {
    const noAddress = await person(null);
    await send(confirmed(noAddress));
    expect(await deliveriesOf(noAddress.id)).toEqual({});
    // Chat is push-only by default; this student turned its push off too.
    await subscribe(student);
    await ctx.call("/notifications/preferences", { method: "PUT", token: student.token, host: tenant.host, body: { categories: [{ category: "chat", push: false, email: false }] } });
    await send({ ...confirmed(student), kind: "chat-unread", params: { author: "Pablo", preview: "Hola", area: "student", conversationId: crypto.randomUUID() } });
    expect(await deliveriesOf(student.id)).toEqual({});
    await drain(NOON);
    expect(sink.messages).toHaveLength(0);
    expect(pushService.received).toHaveLength(0);
    // The in-app list has both anyway.
    expect((await ctx.call("/notifications", { token: student.token, host: tenant.host })).json).toHaveLength(1);
  });

  it("a round of 140 deliveries (more than one burst of records) sends each once and records each 'sent' with one attempt", async () => {
    const people = [student, ...(await Promise.all(Array.from({ length: 69 }, (_, i) => person(`r${i}.${crypto.randomUUID().slice(0, 8)}@example.com`))))];
    const devices = await Promise.all(people.map((p) => subscribe(p)));
    await Promise.all(people.map((p) => send(confirmed(p))));
    const round = await runDueJobs(ctx.db, { now: NOON, limit: 500 });
    // With the errors of any delivery not sent: a failure says why.
    const unsent = await ctx.db
      .select({ channel: notificationDeliveries.channel, lastError: notificationDeliveries.lastError })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(and(eq(notifications.tenantId, tenant.id), inArray(notificationDeliveries.status, ["pending", "failed"])));
    expect({ ...round, unsent }).toMatchObject({ claimed: 140, done: 140, retried: 0, failed: 0, unsent: [] });
    expect(new Set(sink.messages.map((m) => m.to[0])).size).toBe(70);
    expect(sink.messages).toHaveLength(70);
    expect(pushService.received.map((p) => p.endpoint).sort()).toEqual(devices.map((d) => d.endpoint).sort());
    const rows = await ctx.db
      .select({ status: notificationDeliveries.status, attempts: notificationDeliveries.attempts, sentAt: notificationDeliveries.sentAt })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notifications.tenantId, tenant.id));
    expect(rows).toHaveLength(140);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.sentAt?.getTime() === NOON.getTime())).toBe(true);
    const stamped = await ctx.db.select({ at: pushSubscriptions.lastSuccessAt }).from(pushSubscriptions).where(eq(pushSubscriptions.tenantId, tenant.id));
    expect(stamped.map((r) => r.at?.getTime())).toEqual(Array(70).fill(NOON.getTime()));
    expect((await drain(at(NOON, 3_600_000))).claimed).toBe(0);
    expect(sink.messages).toHaveLength(70);
  });

  it("a dedupe key makes a second notify() of the same thing a no-op", async () => {
    await send(confirmed(student, { dedupeKey: "slot:abc" }));
    await send(confirmed(student, { dedupeKey: "slot:abc" }));
    await drain(NOON);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, student.id))).toHaveLength(1);
    expect(sink.messages).toHaveLength(1);
  });
});

describe("quiet hours (22:00–08:00 school time)", () => {
  // 23:30 in Madrid; the quiet hours end at 08:00 Madrid = 07:00 UTC.
  const LATE = new Date("2026-01-12T22:30:00Z");
  const MORNING = new Date("2026-01-13T07:00:00Z");

  it("hold a push until the morning; the e-mail goes at once", async () => {
    await subscribe(student);
    await send(confirmed(student, { now: LATE }));
    await drain(LATE);
    expect(sink.messages).toHaveLength(1);
    expect(pushService.received).toHaveLength(0);
    await drain(at(MORNING, -60_000));
    expect(pushService.received).toHaveLength(0);
    await drain(MORNING);
    expect(pushService.received).toHaveLength(1);
    expect(await deliveriesOf(student.id)).toMatchObject({ email: { status: "sent" }, push: { status: "sent" } });
  });

  it("do not hold anything for a user who turned them off", async () => {
    await subscribe(student);
    await ctx.call("/notifications/preferences", { method: "PUT", token: student.token, host: tenant.host, body: { quietHours: false } });
    await send(confirmed(student, { now: LATE }));
    await drain(LATE);
    expect(pushService.received).toHaveLength(1);
  });
});

describe("failures", () => {
  it("retries with back-off and ends 'failed' after the last attempt", async () => {
    const sub = await subscribe(student);
    pushService.answer(sub.endpoint, 500);
    sink.refuse(student.email!, 451);
    await send(confirmed(student));
    let now = NOON;
    const rounds: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const round = await runDueJobs(ctx.db, { now });
      rounds.push(round.claimed);
      // Nothing is tried again before its back-off (30 s, doubling, at most an hour).
      expect((await runDueJobs(ctx.db, { now: at(now, 29_000) })).claimed).toBe(0);
      now = at(now, Math.min(30_000 * 2 ** (attempt - 1), 3_600_000) + 1000);
    }
    expect(rounds).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
    expect(await deliveriesOf(student.id)).toMatchObject({
      email: { status: "failed", attempts: 8, lastError: expect.stringContaining("451") },
      push: { status: "failed", attempts: 8, lastError: expect.stringContaining("500") },
    });
    expect((await drain(at(now, 86_400_000))).claimed).toBe(0);
    expect(sink.messages).toHaveLength(0);
    // The subscription is kept: a 500 is the push service's trouble, not a dead device.
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(1);
  });

  it("a mail refused for good (5xx) fails at once; a temporary refusal succeeds on a later attempt", async () => {
    const other = await person(`eva.${crypto.randomUUID().slice(0, 8)}@example.com`);
    sink.refuse(student.email!, 550);
    sink.refuse(other.email!, 451);
    await send(confirmed(student));
    await send(confirmed(other));
    await runDueJobs(ctx.db, { now: NOON });
    expect(await deliveriesOf(student.id)).toMatchObject({ email: { status: "failed", attempts: 1 } });
    expect(await deliveriesOf(other.id)).toMatchObject({ email: { status: "pending", attempts: 1 } });
    sink.refuse(other.email!, 0);
    await drain(at(NOON, 31_000));
    expect(await deliveriesOf(other.id)).toMatchObject({ email: { status: "sent", attempts: 2 } });
    expect(sink.messages.map((m) => m.to[0])).toEqual([other.email]);
  });

  it("a device the push service no longer knows (410) is removed; the others still get it, once", async () => {
    const [gone, alive, flaky] = [await subscribe(student), await subscribe(student), await subscribe(student)];
    pushService.answer(gone.endpoint, 410);
    pushService.answer(flaky.endpoint, 503);
    await send(confirmed(student));
    await runDueJobs(ctx.db, { now: NOON });
    const left = await ctx.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id));
    expect(left.map((s) => s.endpoint).sort()).toEqual([alive.endpoint, flaky.endpoint].sort());
    expect(await deliveriesOf(student.id)).toMatchObject({ push: { status: "pending" } });
    // The flaky device recovers: the retry serves it alone.
    pushService.answer(flaky.endpoint, 0);
    await drain(at(NOON, 31_000));
    expect(pushService.received.map((p) => p.endpoint).sort()).toEqual([alive.endpoint, flaky.endpoint].sort());
    expect(await deliveriesOf(student.id)).toMatchObject({ push: { status: "sent" } });
  });

  it("a user whose only device is gone gets the push skipped, not failed", async () => {
    const sub = await subscribe(student);
    pushService.answer(sub.endpoint, 404);
    await send(confirmed(student));
    await drain(NOON);
    expect(await deliveriesOf(student.id)).toMatchObject({ push: { status: "skipped", skipReason: "gone" }, email: { status: "sent" } });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id))).toHaveLength(0);
  });
});

describe("a worker that dies", () => {
  it("before sending: its lease runs out and another worker delivers, once", async () => {
    await send(confirmed(student));
    const claimed = await claimJobs(ctx.db, "crashed-worker", 20, NOON);
    expect(claimed.filter((j) => j.tenantId === tenant.id)).toHaveLength(1);
    // While the lease holds nobody else takes it.
    expect((await runDueJobs(ctx.db, { now: at(NOON, LEASE_MS - 1000) })).claimed).toBe(0);
    await drain(at(NOON, LEASE_MS + 1000));
    expect(sink.messages).toHaveLength(1);
    expect(await deliveriesOf(student.id)).toMatchObject({ email: { status: "sent" } });
  });

  it("after the SMTP server accepted but before 'sent' was written: the resend carries the same Message-ID", async () => {
    await send(confirmed(student));
    await drain(NOON);
    // What a crash between the SMTP server's 250 and the 'sent' update leaves behind.
    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, student.id));
    await ctx.db.update(notificationDeliveries).set({ status: "pending", sentAt: null }).where(eq(notificationDeliveries.notificationId, note!.id));
    await ctx.db.update(jobs).set({ doneAt: null }).where(inArray(jobs.key, [`deliver:${note!.id}:email`]));
    await drain(NOON);
    expect(sink.messages).toHaveLength(2);
    expect(new Set(sink.messages.map((m) => m.messageId))).toEqual(new Set([`<${note!.id}.email@volante>`]));
  });

  it("two workers racing over the same due jobs deliver each once", async () => {
    const people = [student, ...(await Promise.all(Array.from({ length: 9 }, (_, i) => person(`p${i}.${crypto.randomUUID().slice(0, 8)}@example.com`))))];
    await Promise.all(people.map((p) => send(confirmed(p))));
    const runs = await Promise.all(
      Array.from({ length: 4 }, (_, i) => runDueJobs(ctx.db, { now: NOON, limit: 3, workerId: `w${i}` })),
    );
    await drain(NOON);
    const ids = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.tenantId, tenant.id));
    expect(sink.messages).toHaveLength(10);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(10);
    expect(runs.reduce((n, r) => n + r.claimed, 0)).toBeLessThanOrEqual(12);
    const done = await ctx.db.select().from(notificationDeliveries).where(and(inArray(notificationDeliveries.notificationId, ids.map((r) => r.id)), eq(notificationDeliveries.status, "sent")));
    expect(done).toHaveLength(10);
  });
});
