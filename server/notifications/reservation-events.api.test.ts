import { addDays, localDate } from "@/lib/time/zoned-time";
import { reservations } from "@/server/db/schema/reservations";
import { eq } from "drizzle-orm";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
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
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";
import { lessonWhen } from "./format";
import { onBooked, onReservationDecided } from "./reservation-events";

// What each change of a lesson tells, and to whom (issue 29): written in the change's own transaction, so a refused
// or rolled-back change tells nothing.
jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const when = (slot: { start: string; end: string }) => lessonWhen(slot.start, slot.end, new Date(), TZ);
const act = (id: string, action: string, body?: unknown) =>
  ctx.call(`/instructor/reservations/${id}/${action}`, { method: "POST", host: w.tenant.host, token: w.instructorToken, body });
const asStudent = (path: string, body?: unknown, token = w.studentToken) => ctx.call(path, { method: "POST", host: w.tenant.host, token, body });
const book = (slots: { start: string; end: string }[], token = w.studentToken) =>
  asStudent("/student/reservations", { instructorId: w.instructor.id, licenseId: w.license.id, message: null, slots }, token);

describe("the instructor's decisions reach the student", () => {
  it("a confirmation: the student is told, with the lesson's time and a link to it; the reminders are scheduled", async () => {
    const slot = localSlot(3, 10);
    const r = await insertReservation(ctx.db, w, slot);
    expect((await act(r.id, "confirm")).status).toBe(200);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({
        kind: "reservation-confirmed",
        category: "reservations",
        title: "Clase confirmada",
        body: `Carlos Ruiz ha confirmado tu clase del ${when(slot)}.`,
        link: `/student/reservations?id=${r.id}`,
      }),
    ]);
    expect(when(slot)).toMatch(/^(lun|mar|mié|jue|vie|sáb|dom) \d{1,2} [a-z]{3}( \d{4})? · 10:00–11:00$/);
    const start = Date.parse(slot.start);
    expect((await pendingJobs(ctx.db, `reminder:${r.id}:`)).map((j) => [j.key, j.runAt.getTime()])).toEqual([
      [`reminder:${r.id}:24:${start}`, start - 24 * HOUR * 1000],
      [`reminder:${r.id}:2:${start}`, start - 2 * HOUR * 1000],
    ]);
    // A second confirmation is refused and tells nothing more; the instructor is told nothing of their own act.
    expect((await act(r.id, "confirm")).status).toBe(409);
    expect(await notificationsOf(ctx.db, w.student.id)).toHaveLength(1);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
  });

  it("a denial, with its reason and the refund", async () => {
    const slot = localSlot(3, 12);
    const r = await insertReservation(ctx.db, w, slot);
    await act(r.id, "deny", { reason: "El coche está en el taller" });
    const [n] = await notificationsOf(ctx.db, w.student.id);
    expect(n).toMatchObject({
      kind: "reservation-denied",
      title: "Solicitud de clase denegada",
      body: `Carlos Ruiz ha denegado tu clase del ${when(slot)}: El coche está en el taller. Se te ha devuelto el saldo.`,
    });
  });

  it("an annulment drops the lesson's reminders", async () => {
    const slot = localSlot(4, 9);
    const r = await insertReservation(ctx.db, w, slot);
    await act(r.id, "confirm");
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toHaveLength(2);
    await act(r.id, "annul", { reason: "Huelga de examinadores" });
    expect((await notificationsOf(ctx.db, w.student.id)).map((n) => [n.title, n.body])).toEqual([
      ["Clase confirmada", `Carlos Ruiz ha confirmado tu clase del ${when(slot)}.`],
      ["Clase anulada", `La autoescuela ha anulado tu clase del ${when(slot)}: Huelga de examinadores. Se te ha devuelto el saldo.`],
    ]);
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toEqual([]);
  });

  it("a cancellation request: the instructor is told, then the student of the answer; the office's check goes with the answer", async () => {
    const slot = localSlot(5, 10);
    const r = await insertReservation(ctx.db, w, slot, "confirmed");
    expect((await asStudent(`/student/reservations/${r.id}/request-cancellation`, { reason: "Tengo un examen" })).status).toBe(200);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([
      expect.objectContaining({
        kind: "cancellation-requested",
        title: "Solicitud de cancelación",
        body: `Lucía Martín pide cancelar la clase del ${when(slot)}: «Tengo un examen».`,
        link: `/instructor/reservations?id=${r.id}`,
      }),
    ]);
    const [check] = await pendingJobs(ctx.db, `stale-cancel:${r.id}:`);
    expect(check!.runAt.getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR * 1000);
    await act(r.id, "cancellation-request/reject", { reason: "Avisaste demasiado tarde" });
    expect((await notificationsOf(ctx.db, w.student.id)).at(-1)).toMatchObject({
      kind: "cancellation-rejected",
      title: "Cancelación rechazada",
      body: `Tu clase del ${when(slot)} sigue en pie. Motivo: Avisaste demasiado tarde.`,
    });
    expect(await pendingJobs(ctx.db, `stale-cancel:${r.id}:`)).toEqual([]);

    // Asked again after the refusal, and accepted this time.
    await asStudent(`/student/reservations/${r.id}/request-cancellation`, { reason: "Sigo con el examen" });
    expect(await pendingJobs(ctx.db, `stale-cancel:${r.id}:`)).toHaveLength(1);
    await act(r.id, "cancellation-request/accept");
    expect((await notificationsOf(ctx.db, w.student.id)).at(-1)).toMatchObject({
      kind: "cancellation-accepted",
      body: `Se ha cancelado tu clase del ${when(slot)} y se te ha devuelto el saldo.`,
    });
    expect(await pendingJobs(ctx.db, `stale-cancel:${r.id}:`)).toEqual([]);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toHaveLength(2);
  });
});

describe("the student's acts reach the instructor", () => {
  it("a booking of several lessons is one request, naming the first", async () => {
    const [a, b] = [localSlot(3, 10), localSlot(4, 16, 2)];
    const res = await book([b, a]);
    expect(res.status).toBe(201);
    const first = res.json.reservations.find((r: { start: string }) => r.start === a.start);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([
      expect.objectContaining({
        kind: "reservation-requested",
        title: "Nueva solicitud de clase",
        body: `Lucía Martín solicita 2 clases: ${when(a)} y 1 más.`,
        link: `/instructor/reservations?id=${first.id}`,
      }),
    ]);
    // Requests get no reminders until they are confirmed.
    for (const r of res.json.reservations) expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toEqual([]);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([]);
  });

  it("a booking confirmed at once (direct mode) is a booking, with its reminders", async () => {
    await setSettings(ctx.db, w.tenant, { reservation_mode: "direct" });
    const slot = localSlot(3, 11);
    const res = await book([slot]);
    const id = res.json.reservations[0].id;
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([
      expect.objectContaining({ kind: "reservation-booked", title: "Nueva reserva", body: `Lucía Martín ha reservado una clase: ${when(slot)}.` }),
    ]);
    expect(await pendingJobs(ctx.db, `reminder:${id}:`)).toHaveLength(2);
  });

  it("a refused booking tells nothing", async () => {
    const poor = await addStudent(ctx.db, w, 0);
    expect((await book([localSlot(3, 10)], poor.token)).status).toBe(422);
    const taken = localSlot(3, 12);
    await insertReservation(ctx.db, w, taken);
    expect((await book([taken])).status).toBe(409);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
  });

  it("a request cancelled by the student", async () => {
    const slot = localSlot(3, 10);
    const r = await insertReservation(ctx.db, w, slot);
    expect((await asStudent(`/student/reservations/${r.id}/cancel`)).status).toBe(200);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([
      expect.objectContaining({ kind: "reservation-cancelled", title: "Solicitud cancelada por el alumno", body: `Lucía Martín ha cancelado su solicitud de clase del ${when(slot)}.` }),
    ]);
  });
});

describe("the school's day off", () => {
  it("tells each student whose lesson it annulled, with the reason", async () => {
    const slot = localSlot(2, 10);
    const r = await insertReservation(ctx.db, w, slot, "confirmed");
    const other = await addStudent(ctx.db, w);
    const slot2 = localSlot(2, 12);
    await insertReservation(ctx.db, { ...w, student: other.student }, slot2);
    const date = addDays(localDate(Date.now(), TZ), 2);
    const res = await ctx.call("/instructor/availability/overrides", {
      method: "POST",
      host: w.tenant.host,
      token: w.instructorToken,
      body: { date, type: "day_off", annulReservations: true },
    });
    expect(res.status).toBe(201);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({
        kind: "reservation-annulled",
        body: `La autoescuela ha anulado tu clase del ${when(slot)}: Día no disponible del profesor. Se te ha devuelto el saldo.`,
        link: `/student/reservations?id=${r.id}`,
      }),
    ]);
    expect((await notificationsOf(ctx.db, other.student.id)).map((n) => n.kind)).toEqual(["reservation-annulled"]);
  });

  it("a day off refused (lessons not to be annulled) tells nobody", async () => {
    await insertReservation(ctx.db, w, localSlot(2, 10), "confirmed");
    const date = addDays(localDate(Date.now(), TZ), 2);
    const res = await ctx.call("/instructor/availability/overrides", { method: "POST", host: w.tenant.host, token: w.instructorToken, body: { date, type: "day_off" } });
    expect(res.status).toBe(409);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([]);
  });
});

describe("a balance below one lesson", () => {
  it("is told once, when a debit takes it below the shortest lesson", async () => {
    const s = await addStudent(ctx.db, w, 2.5 * HOUR);
    expect((await book([localSlot(3, 10)], s.token)).status).toBe(201); // 1h 30m left: still a lesson
    expect(await notificationsOf(ctx.db, s.student.id)).toEqual([]);
    expect((await book([localSlot(4, 10)], s.token)).status).toBe(201); // 30m left
    expect(await notificationsOf(ctx.db, s.student.id)).toEqual([
      expect.objectContaining({
        kind: "balance-low",
        category: "balance",
        title: "Saldo bajo",
        body: "Te quedan 30m de saldo, menos de una clase. Recarga para seguir reservando.",
        link: "/student/balance/top-up",
      }),
    ]);
  });

  it("reads money balances in euros", async () => {
    const school = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money", hourly_price: "3000" } });
    const s = await addStudent(ctx.db, school, 4000, "money");
    const res = await ctx.call("/student/reservations", {
      method: "POST",
      host: school.tenant.host,
      token: s.token,
      body: { instructorId: school.instructor.id, licenseId: school.license.id, message: null, slots: [localSlot(3, 10)] },
    });
    expect(res.status).toBe(201);
    expect((await notificationsOf(ctx.db, s.student.id))[0]!.body).toBe("Te quedan 10,00\u00a0€ de saldo, menos de una clase. Recarga para seguir reservando.");
  });
});

describe("the outbox", () => {
  it("a transaction rolled back after telling leaves no notification and no job", async () => {
    const slot = localSlot(3, 10);
    const r = await insertReservation(ctx.db, w, slot);
    const [row] = await ctx.db.update(reservations).set({ status: "confirmed" }).where(eq(reservations.id, r.id)).returning();
    await expect(
      ctx.db.transaction(async (tx) => {
        await onReservationDecided(tx, w.tenant, "confirm", row!, new Date());
        await onBooked(
          tx,
          w.tenant,
          { studentId: w.student.id, instructorId: w.instructor.id, status: "confirmed", lessons: [{ id: r.id, start: Date.parse(slot.start), end: Date.parse(slot.end) }], balance: { mode: "time", before: 3600, after: 0 } },
          { durations: [3600], hourlyPriceCents: 0 } as never,
          new Date(),
        );
        expect(await notificationsOf(tx as never, w.student.id)).toHaveLength(2);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([]);
    expect(await notificationsOf(ctx.db, w.instructor.id)).toEqual([]);
    expect(await pendingJobs(ctx.db, `reminder:${r.id}:`)).toEqual([]);
  });
});
