import { eq, sql } from "drizzle-orm";
import { slotAlertListSchema, slotAlertSchema } from "@/lib/contract/slot-alerts";
import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";
import { users } from "@/server/db/schema/core";
import { slotAlerts } from "@/server/db/schema/notifications";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { notificationsOf } from "@/tests/fixtures/notification-factories";
import { TZ, addStudent, assign, createBookingWorld, insertReservation, localSlot, setSettings, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { lessonWhen } from "./format";
import { runSchedulerTick } from "./scheduler";

// 'Avísame si se libera un hueco' (issue 29): the student's alerts (an assigned instructor, a day or a week from
// today, at most 10 active) and the freed-slot rule: when a lesson in the range is cancelled, annulled or denied and its
// time can be booked, every student waiting is told once per freed slot; nothing is held for anyone.
jest.setTimeout(180_000);

let ctx: ApiContext;
let w: BookingWorld;
let waiting: { student: { id: string }; token: string };

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  waiting = await addStudent(ctx.db, w);
});
afterAll(() => ctx.close());

const day = (n: number) => addDays(localDate(Date.now(), TZ), n);
const alerts = (token = waiting.token, method = "GET", body?: unknown, host = w.tenant.host) => ctx.call("/student/slot-alerts", { method, host, token, body });
const create = (body: Record<string, unknown>, token = waiting.token) => alerts(token, "POST", { instructorId: w.instructor.id, ...body });
const remove = (id: string, token = waiting.token) => ctx.call(`/student/slot-alerts/${id}`, { method: "DELETE", host: w.tenant.host, token });
const act = (id: string, action: string, body?: unknown) =>
  ctx.call(`/instructor/reservations/${id}/${action}`, { method: "POST", host: w.tenant.host, token: w.instructorToken, body });
const book = (token: string, slot: { start: string; end: string }) =>
  ctx.call("/student/reservations", { method: "POST", host: w.tenant.host, token, body: { instructorId: w.instructor.id, licenseId: w.license.id, message: null, slots: [slot] } });
const freed = async (userId = waiting.student.id) => (await notificationsOf(ctx.db, userId)).filter((n) => n.kind === "slot-freed");

describe("the student's alerts (API)", () => {
  it("creates one (201), answers the same range again with it (200), lists and removes it", async () => {
    const res = await create({ from: day(3), to: day(3) });
    expect(res.status).toBe(201);
    const alert = slotAlertSchema.parse(res.json);
    expect(alert).toMatchObject({ instructorId: w.instructor.id, instructorName: "Carlos Ruiz", from: day(3), to: day(3) });
    const again = await create({ from: day(3), to: day(3) });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(alert.id);
    await create({ from: day(1), to: day(7) });
    expect(slotAlertListSchema.parse((await alerts()).json).map((a) => [a.from, a.to])).toEqual([
      [day(1), day(7)],
      [day(3), day(3)],
    ]);
    expect((await remove(alert.id)).status).toBe(204);
    expect((await remove(alert.id)).status).toBe(404);
    expect((await alerts()).json).toHaveLength(1);
    expect((await alerts(w.studentToken)).json).toEqual([]);
  });

  it.each([
    ["a start before today", { from: day(-1), to: day(0) }, 422, "El aviso no puede empezar antes de hoy"],
    ["an end before the start", { from: day(3), to: day(2) }, 422, "La fecha final no puede ser anterior a la inicial"],
    ["more than a week", { from: day(1), to: day(8) }, 422, "Un aviso cubre un día o una semana como máximo"],
    ["an impossible date", { from: "2026-02-30", to: "2026-03-01" }, 422, "La fecha no es válida"],
    ["past the booking horizon", { from: day(61), to: day(61) }, 422, "Solo se puede pedir un aviso dentro de los próximos 60 días"],
    ["a missing date", { from: day(1) }, 400, "Faltan campos requeridos"],
    ["an unknown field", { from: day(1), to: day(1), hour: 10 }, 422, undefined],
  ])("refuses %s", async (_name, body, status, message) => {
    const res = await create(body);
    expect(res.status).toBe(status);
    if (message) expect(res.json.message).toBe(message);
    expect((await alerts()).json).toEqual([]);
  });

  it("names a one-day booking horizon in the singular", async () => {
    await setSettings(ctx.db, w.tenant, { booking_horizon_days: "1" });
    const res = await create({ from: day(2), to: day(2) });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe("Solo se puede pedir un aviso dentro del próximo día");
  });

  it("is only for an instructor assigned to the student, in the student's school, for students", async () => {
    const stranger = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    expect((await create({ instructorId: stranger.id, from: day(1), to: day(1) })).status).toBe(404);
    const other = await createBookingWorld(ctx.db);
    expect((await create({ instructorId: other.instructor.id, from: day(1), to: day(1) })).status).toBe(404);
    expect((await alerts(w.instructorToken)).status).toBe(403);
    expect((await alerts(w.instructorToken, "POST", { instructorId: w.instructor.id, from: day(1), to: day(1) })).status).toBe(403);
    const mine = await alerts(other.studentToken, "POST", { instructorId: other.instructor.id, from: day(1), to: day(1) }, other.tenant.host);
    expect(mine.status).toBe(201);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, w.instructor.id));
    expect((await create({ from: day(1), to: day(1) })).status).toBe(404);
    // Another school's alert is not found here, even by its id.
    expect((await remove(mine.json.id)).status).toBe(404);
  });

  it("allows at most 10 active alerts", async () => {
    for (let i = 0; i < 10; i++) expect((await create({ from: day(i), to: day(i) })).status).toBe(201);
    const res = await create({ from: day(11), to: day(11) });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "TOO_MANY_SLOT_ALERTS", message: "Puedes tener como máximo 10 avisos de huecos activos. Quita alguno para crear otro." });
    // The same range again is no new alert; a removed one makes room.
    expect((await create({ from: day(0), to: day(0) })).status).toBe(200);
    await remove((await alerts()).json[0].id);
    expect((await create({ from: day(11), to: day(11) })).status).toBe(201);
  });
});

describe("a freed slot", () => {
  it("is told to every student waiting for that day, once per slot, with a link to book it; nothing is held", async () => {
    const third = await addStudent(ctx.db, w);
    await create({ from: day(3), to: day(3) });
    await create({ from: day(1), to: day(7) }); // a week over the same day: told once all the same
    await create({ from: day(3), to: day(3) }, third.token);
    const slot = localSlot(3, 10);
    const r = await insertReservation(ctx.db, w, slot);
    expect((await act(r.id, "deny", { reason: "No puedo" })).status).toBe(200);
    expect(await freed()).toEqual([
      expect.objectContaining({
        category: "slots",
        title: "Hueco libre con Carlos Ruiz",
        body: `Se ha liberado ${lessonWhen(slot.start, slot.end, new Date(), TZ)}. No se guarda para nadie: resérvalo si te interesa.`,
        link: `/student/reservations/new?instructor=${w.instructor.id}&date=${day(3)}`,
      }),
    ]);
    expect(await freed(third.student.id)).toHaveLength(1);
    expect(await freed(w.student.id)).toEqual([]);

    // First come, first served: one of them books it, the other one is too late.
    expect((await book(third.token, slot)).status).toBe(201);
    expect((await book(waiting.token, slot)).status).toBe(409);
    // The same slot freed again is not told again to whom it was told.
    const [again] = (await ctx.call("/student/reservations?scope=upcoming", { host: w.tenant.host, token: third.token })).json;
    expect((await ctx.call(`/student/reservations/${again.id}/cancel`, { method: "POST", host: w.tenant.host, token: third.token })).status).toBe(200);
    expect(await freed()).toHaveLength(1);
  });

  it("comes from a cancellation, an annulment and an accepted cancellation request", async () => {
    await create({ from: day(2), to: day(8) });
    const cancelled = await insertReservation(ctx.db, w, localSlot(2, 10));
    await ctx.call(`/student/reservations/${cancelled.id}/cancel`, { method: "POST", host: w.tenant.host, token: w.studentToken });
    const annulled = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    await act(annulled.id, "annul", { reason: "Avería" });
    const asked = await insertReservation(ctx.db, w, localSlot(4, 10), "confirmed");
    await ctx.call(`/student/reservations/${asked.id}/request-cancellation`, { method: "POST", host: w.tenant.host, token: w.studentToken, body: { reason: "Viaje" } });
    await act(asked.id, "cancellation-request/accept");
    expect((await freed()).map((n) => n.link)).toEqual([2, 3, 4].map((d) => `/student/reservations/new?instructor=${w.instructor.id}&date=${day(d)}`));
  });

  it("says nothing when the time cannot be booked: inside the minimum notice, or on the instructor's day off", async () => {
    await create({ from: day(0), to: day(4) });
    await setSettings(ctx.db, w.tenant, { booking_min_notice_hours: "72" });
    const soon = await insertReservation(ctx.db, w, localSlot(2, 10));
    await act(soon.id, "deny");
    expect(await freed()).toEqual([]);
    await setSettings(ctx.db, w.tenant, { booking_min_notice_hours: "0" });
    await insertReservation(ctx.db, w, localSlot(4, 10), "confirmed");
    const res = await ctx.call("/instructor/availability/overrides", {
      method: "POST",
      host: w.tenant.host,
      token: w.instructorToken,
      body: { date: day(4), type: "day_off", annulReservations: true },
    });
    expect(res.status).toBe(201);
    expect(await freed()).toEqual([]);
  });

  it("is not told for an alert removed, or ended by booking in its range", async () => {
    const removed = await create({ from: day(3), to: day(3) });
    await remove(removed.json.id);
    const week = await create({ from: day(4), to: day(10) });
    expect((await book(waiting.token, localSlot(6, 18))).status).toBe(201);
    expect((await alerts()).json).toEqual([]);
    const [row] = await ctx.db.select().from(slotAlerts).where(eq(slotAlerts.id, week.json.id));
    expect(row).toMatchObject({ endReason: "booked" });
    for (const d of [3, 5]) {
      const r = await insertReservation(ctx.db, w, localSlot(d, 10));
      await act(r.id, "deny");
    }
    expect(await freed()).toEqual([]);
  });

  it("an alert whose days have passed ends as expired", async () => {
    const alert = await create({ from: day(0), to: day(1) });
    await runSchedulerTick(ctx.db, new Date(localToUtc(day(1), 23 * 60, TZ)));
    expect((await ctx.db.select().from(slotAlerts).where(eq(slotAlerts.id, alert.json.id)))[0]!.endReason).toBeNull();
    await runSchedulerTick(ctx.db, new Date(localToUtc(day(2), 0, TZ) + 60_000));
    expect((await ctx.db.select().from(slotAlerts).where(eq(slotAlerts.id, alert.json.id)))[0]).toMatchObject({ endReason: "expired" });
  });

  it("is told only to students still assigned to the instructor", async () => {
    const other = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    await assign(ctx.db, w.tenant, other, w.instructor, w.license);
    const token = await tokenFor(other, w.tenant);
    expect((await create({ from: day(3), to: day(3) }, token)).status).toBe(201);
    await ctx.db.execute(sql`delete from instructor_assignments where student_id = ${other.id}`);
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    await act(r.id, "deny");
    expect(await freed(other.id)).toEqual([]);
  });
});
