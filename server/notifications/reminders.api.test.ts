import { eq } from "drizzle-orm";
import { formatLessonTime } from "@/lib/format/lesson-time";
import { reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { drainJobs } from "@/tests/fixtures/jobs";
import { notificationsOf, pendingJobs } from "@/tests/fixtures/notification-factories";
import { HOUR, TZ, createBookingWorld, insertReservation, localSlot, setSettings, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { moveReminders } from "./reminders";

// Lesson reminders (issue 29): scheduled when a lesson is confirmed, moved when it moves, dropped when it is not going
// ahead, and checked again when they are due. Jobs run with a chosen clock (runDueJobs's `now`).
jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterAll(() => ctx.close());

const MIN = 60_000;
const act = (id: string, action: string, body?: unknown) =>
  ctx.call(`/instructor/reservations/${id}/${action}`, { method: "POST", host: w.tenant.host, token: w.instructorToken, body });
const before = (slot: { start: string }, hours: number, plusMinutes = 1) => new Date(Date.parse(slot.start) - hours * HOUR * 1000 + plusMinutes * MIN);
const reminders = async () => (await notificationsOf(ctx.db, w.student.id)).filter((n) => n.kind === "lesson-reminder");

async function confirmed(slot: { start: string; end: string }) {
  const r = await insertReservation(ctx.db, w, slot);
  expect((await act(r.id, "confirm")).status).toBe(200);
  return r;
}

describe("lesson reminders", () => {
  it("come 24 h and 2 h before a confirmed lesson, each once, saying when and with whom", async () => {
    const slot = localSlot(3, 10);
    const r = await confirmed(slot);
    await drainJobs(ctx.db, before(slot, 24, -1));
    expect(await reminders()).toEqual([]);
    const dayBefore = before(slot, 24);
    await drainJobs(ctx.db, dayBefore);
    expect(await reminders()).toEqual([
      expect.objectContaining({
        category: "reminders",
        title: "Recordatorio de clase",
        body: `${formatLessonTime(slot.start, slot.end, dayBefore, TZ)} con Carlos Ruiz (B).`,
        link: `/student/reservations?id=${r.id}`,
      }),
    ]);
    expect((await reminders())[0]!.body).toMatch(/^Mañana · 10:00–11:00 con Carlos Ruiz \(B\)\.$/);
    await drainJobs(ctx.db, before(slot, 23));
    expect(await reminders()).toHaveLength(1);
    await drainJobs(ctx.db, before(slot, 2));
    expect((await reminders()).map((n) => n.body)).toEqual([expect.stringMatching(/^Mañana/), "Hoy · 10:00–11:00 con Carlos Ruiz (B)."]);
    await drainJobs(ctx.db, before(slot, 1));
    expect(await reminders()).toHaveLength(2);
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toEqual([]);
  });

  it("follow the school's setting, and one whose moment has passed is not scheduled", async () => {
    await setSettings(ctx.db, w.tenant, { lesson_reminder_hours: "48", booking_min_notice_hours: "0" });
    const far = localSlot(4, 10);
    const farId = (await confirmed(far)).id;
    expect((await pendingJobs(ctx.db, `reminder:${farId}:`)).map((j) => j.runAt.getTime())).toEqual([before(far, 48, 0).getTime()]);
    const near = localSlot(1, 10);
    expect(await pendingJobs(ctx.db, `reminder:${(await confirmed(near)).id}:`)).toEqual([]);
    await setSettings(ctx.db, w.tenant, { lesson_reminder_hours: "" });
    expect(await pendingJobs(ctx.db, `reminder:${(await confirmed(localSlot(5, 10))).id}:`)).toEqual([]);
  });

  it("are dropped when the lesson is annulled or its cancellation accepted", async () => {
    const a = await confirmed(localSlot(3, 9));
    const b = await confirmed(localSlot(3, 12));
    await ctx.call(`/student/reservations/${b.id}/request-cancellation`, { method: "POST", host: w.tenant.host, token: w.studentToken, body: { reason: "Viaje" } });
    await act(a.id, "annul", { reason: "Avería" });
    await act(b.id, "cancellation-request/accept");
    expect(await pendingJobs(ctx.db, `reminder:${a.id}:`)).toEqual([]);
    expect(await pendingJobs(ctx.db, `reminder:${b.id}:`)).toEqual([]);
    await drainJobs(ctx.db, before(localSlot(3, 9), 2));
    expect(await reminders()).toEqual([]);
  });

  it("check the lesson again when due: a lesson no longer confirmed, or moved without them, gets no reminder", async () => {
    const slot = localSlot(3, 10);
    const r = await confirmed(slot);
    // Changed behind the reminders' back (as a crash between two writes could leave it): the jobs stay, and say nothing.
    await ctx.db.update(reservations).set({ status: "anulled" }).where(eq(reservations.id, r.id));
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toHaveLength(2);
    await drainJobs(ctx.db, before(slot, 2));
    expect(await reminders()).toEqual([]);

    const other = localSlot(4, 10);
    const moved = await confirmed(other);
    await ctx.db.update(reservations).set({ startAt: new Date(Date.parse(other.start) + HOUR * 1000), endAt: new Date(Date.parse(other.end) + HOUR * 1000) }).where(eq(reservations.id, moved.id));
    await drainJobs(ctx.db, before(other, 24));
    expect(await reminders()).toEqual([]);
  });

  it("fall due together in one round (the worker's batch): each standing lesson gets its one reminder, a changed one none", async () => {
    const slots = [localSlot(3, 9), localSlot(3, 11), localSlot(3, 13), localSlot(3, 15)];
    const lessons = [];
    for (const slot of slots) lessons.push(await confirmed(slot));
    await ctx.db.update(reservations).set({ status: "anulled" }).where(eq(reservations.id, lessons[2]!.id));
    // Two hours before the first: every 24 h reminder of the four is due at once, and the first's 2 h one, to which its
    // 24 h one gives way.
    const round = before(slots[0]!, 2);
    await drainJobs(ctx.db, round);
    const got = await reminders();
    expect(got.map((n) => n.link).sort()).toEqual([lessons[0]!, lessons[1]!, lessons[3]!].map((r) => `/student/reservations?id=${r.id}`).sort());
    expect(got.map((n) => n.body).sort()).toEqual(
      [slots[0]!, slots[1]!, slots[3]!].map((slot) => `${formatLessonTime(slot.start, slot.end, round, TZ)} con Carlos Ruiz (B).`).sort(),
    );
    expect(await pendingJobs(ctx.db, `reminder:${lessons[0]!.id}:`)).toEqual([]);
    // The later lessons' 2 h reminders are still to come.
    expect(await pendingJobs(ctx.db, `reminder:${lessons[1]!.id}:`)).toHaveLength(1);
    await drainJobs(ctx.db, round);
    expect(await reminders()).toHaveLength(3);
  });

  it("move with their lesson", async () => {
    const slot = localSlot(3, 10);
    const r = await confirmed(slot);
    const later = localSlot(5, 16);
    const [row] = await ctx.db
      .update(reservations)
      .set({ startAt: new Date(later.start), endAt: new Date(later.end) })
      .where(eq(reservations.id, r.id))
      .returning();
    await ctx.db.transaction((tx) => moveReminders(tx, w.tenant.id, row!, new Date()));
    expect((await pendingJobs(ctx.db, `reminder:${r.id}:`)).map((j) => j.runAt.getTime())).toEqual([before(later, 24, 0).getTime(), before(later, 2, 0).getTime()]);
    await drainJobs(ctx.db, before(slot, 2));
    expect(await reminders()).toEqual([]);
    await drainJobs(ctx.db, before(later, 24));
    expect((await reminders()).map((n) => n.body)).toEqual(["Mañana · 16:00–17:00 con Carlos Ruiz (B)."]);
  });

  it("a reminder found late gives way to a closer one already due; a school that dropped its hours gets none", async () => {
    const slot = localSlot(3, 10);
    await confirmed(slot);
    // The process was down from the day before until 90 minutes before the lesson: only the 2-hour reminder goes.
    await drainJobs(ctx.db, before(slot, 1.5, 0));
    expect((await reminders()).map((n) => n.body)).toEqual(["Hoy · 10:00–11:00 con Carlos Ruiz (B)."]);

    const next = localSlot(4, 10);
    await confirmed(next);
    await setSettings(ctx.db, w.tenant, { lesson_reminder_hours: "24" });
    await drainJobs(ctx.db, before(next, 24));
    await drainJobs(ctx.db, before(next, 2));
    expect((await reminders()).map((n) => n.body.slice(0, 6))).toEqual(["Hoy · ", "Mañana"]);
  });
});
