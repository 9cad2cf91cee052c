import { and, eq, inArray, isNull } from "drizzle-orm";
import { INTERNAL_SECRET_HEADER, TENANT_HOST_HEADER } from "@/lib/tenant/host";
import { users } from "@/server/db/schema/core";
import { jobs, notificationDeliveries, notificationPreferences, notifications, pushSubscriptions } from "@/server/db/schema/notifications";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { startApiProcess, type ApiProcess } from "@/tests/fixtures/api-process";
import { addStudent, createBookingWorld, insertReservation, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { createBrowserSubscription, startPushService, type PushService } from "@/tests/support/push-service";

// Two API processes on one PostgreSQL, each with its own notification worker: 200 lessons confirmed at once (half
// through each process) give 200 e-mails and 200 pushes, each exactly once, whichever worker took which job. The first
// runs its worker in its own process (NOTIFICATION_WORKER=on), the second in a worker process of its own at the lowest
// priority (NOTIFICATION_WORKER=process, production's default on PostgreSQL): the two ways share the queue.
const url = process.env.DATABASE_URL;
const describePg = url ? describe : describe.skip;
const SECRET = "multiprocess-test-internal-secret-0123456789";
const LESSONS = 200;

describePg("notifications from two API processes on one PostgreSQL", () => {
  let ctx: ApiContext;
  let w: BookingWorld;
  let sink: SmtpSink;
  let pushService: PushService;
  let replicas: ApiProcess[] = [];

  beforeAll(async () => {
    [ctx, sink, pushService] = await Promise.all([createApiContext(), startSmtpSink(), startPushService()]);
    w = await createBookingWorld(ctx.db);
    // Polled often so the test is quick; SMTP and the push service are this machine's.
    const env = { DATABASE_URL: url!, INTERNAL_API_SECRET: SECRET, SMTP_URL: sink.url, NOTIFICATION_POLL_MS: "100", PG_POOL_MAX: "10" };
    replicas = await Promise.all(["on", "process"].map((mode) => startApiProcess({ ...env, NOTIFICATION_WORKER: mode })));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await Promise.all([ctx?.close(), sink?.stop(), pushService?.stop()]);
  });

  it(`${LESSONS} lessons confirmed at once: each student gets one e-mail and one push`, async () => {
    // 200 students, each with an address, one device, and a requested lesson (12 a day from 3 days ahead, so no
    // reminder is due yet). Quiet hours off: the test may run at night in Madrid.
    const students = [];
    for (let i = 0; i < LESSONS; i++) students.push((await addStudent(ctx.db, w)).student);
    const lessons = [];
    for (let i = 0; i < LESSONS; i++) {
      const s = students[i]!;
      await ctx.db.update(users).set({ email: `alumno${i}.${w.tenant.slug}@example.com` }).where(eq(users.id, s.id));
      const sub = createBrowserSubscription(pushService);
      await ctx.db.insert(pushSubscriptions).values({ tenantId: w.tenant.id, userId: s.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
      await ctx.db.insert(notificationPreferences).values({ tenantId: w.tenant.id, userId: s.id, category: "quiet_hours", channel: "push", enabled: false });
      lessons.push(await insertReservation(ctx.db, { ...w, student: s }, localSlot(3 + Math.floor(i / 12), 8 + (i % 12))));
    }

    const confirms = await Promise.all(
      lessons.map((lesson, i) =>
        fetch(`${replicas[i % 2]!.url}/instructor/reservations/${lesson.id}/confirm`, {
          method: "POST",
          headers: { authorization: `Bearer ${w.instructorToken}`, [TENANT_HOST_HEADER]: w.tenant.host, [INTERNAL_SECRET_HEADER]: SECRET },
        }).then((r) => r.status),
      ),
    );
    expect(confirms.filter((s) => s === 200)).toHaveLength(LESSONS);

    await Promise.all([sink.waitFor(LESSONS, 90_000), pushService.waitFor(LESSONS, 90_000)]);
    // Time for a duplicate to show up, if there were one: several more polls of both workers.
    await new Promise((r) => setTimeout(r, 3000));

    expect(sink.messages).toHaveLength(LESSONS);
    expect(new Set(sink.messages.map((m) => m.to[0])).size).toBe(LESSONS);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(LESSONS);
    expect(pushService.received).toHaveLength(LESSONS);
    expect(new Set(pushService.received.map((p) => p.endpoint)).size).toBe(LESSONS);
    expect(pushService.refused).toEqual([]);

    const ids = (await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.tenantId, w.tenant.id))).map((r) => r.id);
    expect(ids).toHaveLength(LESSONS);
    const deliveries = await ctx.db.select().from(notificationDeliveries).where(inArray(notificationDeliveries.notificationId, ids));
    expect(deliveries).toHaveLength(2 * LESSONS);
    expect(deliveries.every((d) => d.status === "sent" && d.attempts === 1)).toBe(true);
    const pending = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenantId, w.tenant.id), eq(jobs.kind, "deliver"), isNull(jobs.doneAt)));
    expect(pending).toEqual([]);
  }, 240_000);
});
