import { and, eq, inArray } from "drizzle-orm";
import { balanceHistorySchema } from "@/lib/contract/balance";
import { instructorReservationSchema } from "@/lib/contract/instructor";
import { bookingCalendarSchema, reservationSchema } from "@/lib/contract/reservations";
import { auditLog } from "@/server/db/schema/core";
import { availabilityOverrides, balanceMovements, reservations } from "@/server/db/schema/reservations";
import { addDays, localDate } from "@/lib/time/zoned-time";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { notificationsOf, pendingJobs } from "@/tests/fixtures/notification-factories";
import {
  HOUR,
  TZ,
  addStudent,
  createBookingWorld,
  insertReservation,
  ledgerViolations,
  localSlot,
  setSettings,
  topUp,
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";

// Moving a lesson (issue 31 §5) and the records that name it (§6): the student inside the cancellation rules, the
// instructor and the office; one UPDATE takes the new time and releases the old, the price difference has its ledger
// row, the other side is told and the reminders follow, a refused move changes nothing.
jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  adminToken = await tokenFor(await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), w.tenant);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const call = (path: string, token: string, body?: unknown, host = w.tenant.host) =>
  ctx.call(path, { method: body === undefined ? "GET" : "POST", host, token, body });
const move = (role: "student" | "instructor" | "administrator", id: string, slot: unknown, token?: string) =>
  call(`/${role}/reservations/${id}/move`, token ?? { student: w.studentToken, instructor: w.instructorToken, administrator: adminToken }[role], slot);
const rowOf = async (id: string) => (await ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const seconds = async () => (await call("/student/balance", w.studentToken)).json.timeBalanceSeconds as number;
const movementsOf = (reservationId: string) =>
  ctx.db.select().from(balanceMovements).where(eq(balanceMovements.reservationId, reservationId)).orderBy(balanceMovements.seq);
const auditOf = (action: string) =>
  ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, action)));

/** Everything a refused move must leave as it was. */
async function snapshot(id: string) {
  const row = await rowOf(id);
  return {
    time: [row.startAt.toISOString(), row.endAt.toISOString(), row.status, row.chargeAmount],
    balance: await seconds(),
    movements: (await movementsOf(id)).length,
    told: (await notificationsOf(ctx.db, w.instructor.id)).length + (await notificationsOf(ctx.db, w.student.id)).length,
    audited: (await auditOf("reservations.moved")).length,
  };
}

describe("the student moves a lesson", () => {
  it("to another free slot: the old time is free again, the instructor is told, the move is audited", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const target = localSlot(4, 12);
    const res = await move("student", r.id, target);
    expect(res.status).toBe(200);
    expect(reservationSchema.parse(res.json)).toMatchObject({ id: r.id, ...target, status: "requested", canMove: true });
    // One lesson, at the new time; the old hour can be booked by another student.
    const active = await ctx.db.select().from(reservations).where(and(eq(reservations.studentId, w.student.id), inArray(reservations.status, ["requested", "confirmed"])));
    expect(active.map((a) => a.startAt.toISOString())).toEqual([target.start]);
    const other = await addStudent(ctx.db, w);
    const booked = await call("/student/reservations", other.token, { instructorId: w.instructor.id, licenseId: w.license.id, slots: [localSlot(3, 10)] });
    expect(booked.status).toBe(201);

    const told = (await notificationsOf(ctx.db, w.instructor.id)).filter((n) => n.kind === "reservation-moved-instructor");
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(/^La clase de Lucía Martín del .* 10:00–11:00 pasa al .* 12:00–13:00\.$/);
    expect(told[0]!.link).toBe(`/instructor/reservations?id=${r.id}`);
    const [entry] = await auditOf("reservations.moved");
    expect(entry!.details).toMatchObject({ student: "Lucía Martín", instructor: "Carlos Ruiz", previousStart: localSlot(3, 10).start, start: target.start });
    // Same length, same price: no ledger row beyond the booking's.
    expect((await movementsOf(r.id)).map((m) => m.description)).toEqual(["reserva_solicitada"]);
  });

  it("a confirmed lesson before the deadline: asked again in a school that confirms requests, its reminders go", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    expect((await call(`/instructor/reservations/${r.id}/confirm`, w.instructorToken, {})).status).toBe(200);
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toHaveLength(2);
    const res = await move("student", r.id, localSlot(5, 9));
    expect(res.json).toMatchObject({ status: "requested" });
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toEqual([]);
  });

  it("in a school that books directly it stays confirmed, and its reminders move to the new time", async () => {
    await setSettings(ctx.db, w.tenant, { reservation_mode: "direct" });
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    expect((await call(`/instructor/reservations/${r.id}/confirm`, w.instructorToken, {})).status).toBe(200);
    const target = localSlot(5, 16);
    const res = await move("student", r.id, target);
    expect(res.json).toMatchObject({ status: "confirmed", ...target });
    const runs = (await pendingJobs(ctx.db, `reminder:${r.id}:`)).map((j) => j.runAt.getTime());
    expect(runs).toEqual([Date.parse(target.start) - 24 * HOUR * 1000, Date.parse(target.start) - 2 * HOUR * 1000]);
  });

  it.each([
    ["a confirmed lesson inside the cancellation deadline", async () => insertReservation(ctx.db, w, localSlot(0, 23), "confirmed", {
      startAt: new Date(Date.now() + 20 * HOUR * 1000), endAt: new Date(Date.now() + 21 * HOUR * 1000) }), 409, "RESERVATION_NOT_MOVABLE", "Solo se puede cambiar la hora de una reserva confirmada hasta 24 horas antes de su inicio"],
    ["a lesson with a pending cancellation request", async () => insertReservation(ctx.db, w, localSlot(3, 10), "confirmed", { cancellationRequestStatus: "pending", cancellationRequestReason: "Viaje" }), 409, "RESERVATION_NOT_MOVABLE", "Esta reserva tiene una solicitud de cancelación pendiente"],
    ["a denied request", async () => insertReservation(ctx.db, w, localSlot(3, 10), "denied"), 409, "RESERVATION_NOT_MOVABLE", "Esta reserva ya no se puede cambiar de hora"],
    ["a slot taken by another student", async () => {
      const other = await addStudent(ctx.db, w);
      await insertReservation(ctx.db, { ...w, student: other.student }, localSlot(6, 10));
      return insertReservation(ctx.db, w, localSlot(3, 10));
    }, 409, "SLOTS_UNAVAILABLE", "El horario seleccionado ya no está disponible"],
  ])("refuses %s, in Spanish, changing nothing", async (_name, make, status, error, message) => {
    const r = await make();
    const before = await snapshot(r.id);
    const res = await move("student", r.id, localSlot(6, 10));
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ error, message });
    expect(await snapshot(r.id)).toEqual(before);
  });

  it("refuses a new time outside the booking rules (422): too soon, too far, a length the school does not offer, the same time, bad input", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const before = await snapshot(r.id);
    const soon = new Date(Math.ceil((Date.now() + 2 * HOUR * 1000) / 3_600_000) * 3_600_000);
    const cases: [unknown, string][] = [
      [{ start: soon.toISOString(), end: new Date(soon.getTime() + HOUR * 1000).toISOString() }, "INSIDE_MINIMUM_NOTICE"],
      [localSlot(90, 10), "VALIDATION_ERROR"],
      [localSlot(4, 10, 1.5), "VALIDATION_ERROR"],
      [localSlot(3, 10), "VALIDATION_ERROR"],
      [{ start: "mañana", end: localSlot(4, 11).end }, "VALIDATION_ERROR"],
    ];
    for (const [body, error] of cases) {
      const res = await move("student", r.id, body);
      expect(res.status).toBe(422);
      expect(res.json.error).toBe(error);
      expect(res.json.message).toMatch(/[a-zá-ú]/);
    }
    expect((await move("student", r.id, localSlot(3, 10))).json.message).toBe("La nueva hora es la misma que la actual");
    expect((await move("student", r.id, { start: localSlot(4, 10).start })).json).toMatchObject({ error: "MISSING_REQUIRED_FIELDS", message: "Faltan campos requeridos" });
    expect(await snapshot(r.id)).toEqual(before);
  });

  it("onto an instructor's day off: refused by the service and, for a move that read before it, by the database", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    await ctx.db.insert(availabilityOverrides).values({ tenantId: w.tenant.id, instructorId: w.instructor.id, date: addDays(localDate(Date.now(), TZ), 5), type: "day_off" });
    const res = await move("student", r.id, localSlot(5, 10));
    expect(res.json).toMatchObject({ error: "SLOTS_UNAVAILABLE" });
    // Migration 0024: the days-off trigger also guards an UPDATE of the time (40001, which the service retries).
    const onDayOff = ctx.db.update(reservations).set({ startAt: new Date(localSlot(5, 10).start), endAt: new Date(localSlot(5, 10).end) }).where(eq(reservations.id, r.id));
    await expect(onDayOff).rejects.toThrow();
    expect((await rowOf(r.id)).startAt.toISOString()).toBe(localSlot(3, 10).start);
  });
});

describe("the price difference", () => {
  it("a longer lesson charges the difference, a shorter one refunds it, each with a 'reserva_cambiada' row", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    expect(await seconds()).toBe(9 * HOUR);
    expect((await move("student", r.id, localSlot(3, 10, 2))).status).toBe(200);
    expect(await seconds()).toBe(8 * HOUR);
    expect((await move("student", r.id, localSlot(4, 16, 1))).status).toBe(200);
    expect(await seconds()).toBe(9 * HOUR);
    expect((await movementsOf(r.id)).map((m) => [m.description, m.operation, m.amount])).toEqual([
      ["reserva_solicitada", "consumption", HOUR],
      ["reserva_cambiada", "consumption", HOUR],
      ["reserva_cambiada", "top-up", HOUR],
    ]);
    // A refund after the move gives back what the lesson now cost.
    expect((await call(`/student/reservations/${r.id}/cancel`, w.studentToken, {})).status).toBe(200);
    expect(await seconds()).toBe(10 * HOUR);
  });

  it("in money mode a new price is charged on the move; a charge the balance cannot cover is refused and changes nothing", async () => {
    const school = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money", hourly_price: "4000" } });
    await topUp(ctx.db, school.tenant, school.student, 5000, "money");
    const r = await insertReservation(ctx.db, school, localSlot(3, 10), "requested", { chargeMode: "money", chargeAmount: 3000 });
    const post = (slot: unknown) => call(`/student/reservations/${r.id}/move`, school.studentToken, slot, school.tenant.host);
    expect((await post(localSlot(3, 12))).status).toBe(200);
    const rows = await movementsOf(r.id);
    expect(rows.map((m) => [m.description, m.operation, m.type, m.amount, m.amountAfter])).toEqual([
      ["reserva_solicitada", "consumption", "money", 3000, 2000],
      ["reserva_cambiada", "consumption", "money", 1000, 1000],
    ]);
    const refused = await post(localSlot(3, 14, 2));
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ error: "INSUFFICIENT_BALANCE" });
    expect((await rowOf(r.id)).startAt.toISOString()).toBe(localSlot(3, 12).start);
    expect(await movementsOf(r.id)).toHaveLength(2);
  });
});

describe("the instructor and the office", () => {
  it("the instructor moves their own lesson (a confirmed one stays confirmed); the student is told", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(1, 10), "confirmed");
    const res = await move("instructor", r.id, localSlot(2, 18));
    expect(res.status).toBe(200);
    expect(instructorReservationSchema.parse(res.json)).toMatchObject({ status: "confirmed", ...localSlot(2, 18), student: { name: "Lucía Martín" } });
    const told = (await notificationsOf(ctx.db, w.student.id)).filter((n) => n.kind === "reservation-moved");
    expect(told.map((n) => n.body)).toEqual([expect.stringMatching(/^Carlos Ruiz ha cambiado tu clase del .* 10:00–11:00 al .* 18:00–19:00\.$/)]);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
  });

  it("the office moves any lesson of the school; both sides are told; the audit names who and when", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const res = await move("administrator", r.id, localSlot(3, 15));
    expect(res.status).toBe(200);
    expect((await notificationsOf(ctx.db, w.student.id)).map((n) => n.body)).toEqual([expect.stringMatching(/^La autoescuela ha cambiado tu clase/)]);
    expect((await notificationsOf(ctx.db, w.instructor.id)).map((n) => n.kind)).toEqual(["reservation-moved-instructor"]);
    const [entry] = await auditOf("reservations.moved");
    expect(entry!.details).toMatchObject({ byOffice: true, student: "Lucía Martín", instructor: "Carlos Ruiz", start: localSlot(3, 15).start });
  });

  it("another student's, another instructor's or another school's lesson is 404; the wrong role is 403", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    const other = await addStudent(ctx.db, w);
    const otherInstructor = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    const school = await createBookingWorld(ctx.db);
    const schoolAdmin = await tokenFor(await createUser(ctx.db, school.tenant, { roles: ["ROLE_ADMINISTRADOR"] }), school.tenant);
    const target = localSlot(4, 10);
    expect((await move("student", r.id, target, other.token)).json).toMatchObject({ error: "NOT_FOUND", message: "Reserva no encontrada" });
    expect((await move("instructor", r.id, target, await tokenFor(otherInstructor, w.tenant))).status).toBe(404);
    expect((await call(`/administrator/reservations/${r.id}/move`, schoolAdmin, target, school.tenant.host)).status).toBe(404);
    expect((await call(`/administrator/reservations/${r.id}/move-calendar?start=${target.start}&end=${target.end}`, schoolAdmin, undefined, school.tenant.host)).status).toBe(404);
    expect((await move("administrator", r.id, target, w.studentToken)).status).toBe(403);
    expect((await move("instructor", r.id, target, w.studentToken)).status).toBe(403);
    expect((await move("student", r.id, target, w.instructorToken)).status).toBe(403);
    expect((await rowOf(r.id)).startAt.toISOString()).toBe(localSlot(3, 10).start);
  });
});

describe("GET .../{id}/move-calendar", () => {
  it("offers the free slots of the lesson's length, its own time included, and shows it as 'Hora actual'", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10, 2));
    const day = localSlot(3, 0, 24);
    for (const [role, token] of [["student", w.studentToken], ["administrator", adminToken]] as const) {
      const res = await call(`/${role}/reservations/${r.id}/move-calendar?start=${day.start}&end=${day.end}`, token);
      expect(res.status).toBe(200);
      const events = bookingCalendarSchema.parse(res.json);
      expect(events.find((e) => e.id === r.id)).toMatchObject({ title: "Hora actual", ...localSlot(3, 10, 2) });
      const free = events.filter((e) => e.type === "available");
      expect(free.every((e) => Date.parse(e.end) - Date.parse(e.start) === 2 * HOUR * 1000)).toBe(true);
      // 09:00–11:00 overlaps the lesson's own time: offered, since the move releases it.
      expect(free.map((e) => e.start)).toContain(localSlot(3, 9).start);
    }
  });
});

describe("records that name the lesson (§6)", () => {
  it("the student's balance history names each lesson's date, time and instructor", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10));
    await move("student", r.id, localSlot(3, 12, 2));
    const res = await call("/student/balance/history", w.studentToken);
    const history = balanceHistorySchema.parse(res.json);
    const lessonRows = history.filter((m) => m.reservationId === r.id);
    expect(lessonRows).toHaveLength(2);
    for (const m of lessonRows) expect(m.lesson).toEqual({ id: r.id, ...localSlot(3, 12, 2), instructor: "Carlos Ruiz" });
    expect(history.find((m) => m.reservationId === null)?.lesson).toBeNull();
    // The office's balance history and the student's page name it too.
    const desk = await call(`/administrator/balances/students/${w.student.id}`, adminToken);
    const deskRows = (desk.json.movements as { reservationId: string | null; lesson: unknown }[]).filter((m) => m.reservationId === r.id);
    expect(deskRows.map((m) => m.lesson)).toEqual([0, 1].map(() => ({ id: r.id, ...localSlot(3, 12, 2), instructor: "Carlos Ruiz" })));
    const file = await call(`/administrator/student-files/${w.student.id}`, adminToken);
    expect((file.json.movements.items as { reservationId: string | null; lesson: unknown }[]).filter((m) => m.reservationId === r.id).map((m) => m.lesson)).toHaveLength(2);
    expect(file.json.movements.items.find((m: { reservationId: string | null }) => m.reservationId === r.id).lesson).toMatchObject({ instructor: "Carlos Ruiz", start: localSlot(3, 12, 2).start });
  });

  it("the booking's and the cancellation's audit entries name the student, the instructor and the time", async () => {
    const slot = localSlot(3, 10);
    const booked = await call("/student/reservations", w.studentToken, { instructorId: w.instructor.id, licenseId: w.license.id, slots: [slot] });
    const [entry] = await auditOf("reservations.booked");
    expect(entry!.details).toMatchObject({ student: "Lucía Martín", instructor: "Carlos Ruiz", start: slot.start });
    await call(`/student/reservations/${booked.json.reservations[0].id}/cancel`, w.studentToken, {});
    const [cancelled] = await auditOf("reservations.cancelled");
    expect(cancelled!.details).toMatchObject({ student: "Lucía Martín", instructor: "Carlos Ruiz", start: slot.start });
    // The instructor's decisions too (the office's add byOffice).
    const other = await insertReservation(ctx.db, w, localSlot(4, 10));
    expect((await call(`/instructor/reservations/${other.id}/deny`, w.instructorToken, { reason: "Coche en el taller" })).status).toBe(200);
    const [denied] = await auditOf("reservations.denied");
    expect(denied!.details).toEqual({ reason: "Coche en el taller", student: "Lucía Martín", instructor: "Carlos Ruiz", start: localSlot(4, 10).start });
  });
});
