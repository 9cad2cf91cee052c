import crypto from "node:crypto";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { createOverrideResponseSchema, reservationsOnDayOffBodySchema } from "@/lib/contract/availability";
import { reservationSchema } from "@/lib/contract/reservations";
import { addDays, localDate } from "@/lib/time/zoned-time";
import { pgErrorCode } from "@/server/db/pg-errors";
import { auditLog } from "@/server/db/schema/core";
import { balanceMovements, reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import {
  addStudent,
  createBookingWorld,
  HOUR,
  insertReservation,
  ledgerViolations,
  localSlot,
  topUp,
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";

// Days off over booked lessons (issue "Phone first", "Safeguards of a real school day"): never a lesson left
// silently 'Confirmada' on a day its instructor does not work.
jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 20 * HOUR });
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const dateIn = (days: number) => addDays(localDate(Date.now(), "Europe/Madrid"), days);
const postOverride = (body: unknown, token = w.instructorToken, host = w.tenant.host) =>
  ctx.call("/instructor/availability/overrides", { method: "POST", host, token, body });
const studentView = async (id: string, token = w.studentToken) =>
  reservationSchema.parse((await ctx.call(`/student/reservations/${id}`, { host: w.tenant.host, token })).json);
const balanceOf = async (token = w.studentToken) => (await ctx.call("/student/balance", { host: w.tenant.host, token })).json.timeBalanceSeconds;
const statusOf = async (id: string) =>
  (await ctx.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id)))[0]!.status;
const overridesOf = async (token = w.instructorToken, host = w.tenant.host) =>
  (await ctx.call("/instructor/availability", { host, token })).json.overrides;

describe("a day off over booked lessons", () => {
  it("is refused with 409 listing the requested and confirmed lessons it covers, and saves nothing", async () => {
    const confirmed = await insertReservation(ctx.db, w, localSlot(3, 10, 2), "confirmed");
    const requested = await insertReservation(ctx.db, w, localSlot(3, 16), "requested");
    await insertReservation(ctx.db, w, localSlot(3, 13), "cancelled"); // not active: not listed
    await insertReservation(ctx.db, w, localSlot(4, 10), "confirmed"); // another day
    const balance = await balanceOf();

    const res = await postOverride({ date: dateIn(3), type: "day_off" });
    expect(res.status).toBe(409);
    const body = reservationsOnDayOffBodySchema.parse(res.json);
    expect(body.message).toBe(
      "Tienes 2 reservas en ese horario. Anúlalas para marcarlo como no disponible: se devolverá el saldo a cada alumno.",
    );
    expect(body.reservations).toEqual([
      { id: confirmed.id, start: localSlot(3, 10).start, end: localSlot(3, 12).start, status: "confirmed", student: "Lucía Martín", license: "B" },
      { id: requested.id, start: localSlot(3, 16).start, end: localSlot(3, 17).start, status: "requested", student: "Lucía Martín", license: "B" },
    ]);
    // Nothing changed: no exception, both lessons still on, no money moved.
    expect(await overridesOf()).toEqual([]);
    expect((await studentView(confirmed.id)).status).toBe("confirmed");
    expect((await studentView(requested.id)).status).toBe("requested");
    expect(await balanceOf()).toBe(balance);
  });

  it("with annulReservations annuls and refunds each lesson (ledger rows), and the student reads why", async () => {
    const other = await addStudent(ctx.db, w, 5 * HOUR);
    const confirmed = await insertReservation(ctx.db, w, localSlot(3, 10, 2), "confirmed", {
      cancellationRequestStatus: "pending",
      cancellationRequestReason: "Tengo médico",
      cancellationRequestedAt: new Date(),
    });
    const requested = await insertReservation(ctx.db, { ...w, student: other.student }, localSlot(3, 16), "requested");
    const before = [await balanceOf(), await balanceOf(other.token)];

    const res = await postOverride({ date: dateIn(3), type: "day_off", annulReservations: true });
    expect(res.status).toBe(201);
    const answer = createOverrideResponseSchema.parse(res.json);
    expect(answer).toMatchObject({ date: dateIn(3), type: "day_off", start: null, end: null });
    expect(answer.annulledReservations.map((r) => r.id).sort()).toEqual([confirmed.id, requested.id].sort());

    // The students see the lessons annulled by the school, with the reason, and their time back.
    const seen = await studentView(confirmed.id);
    expect(seen).toMatchObject({ status: "anulled", cancellationReason: "Día no disponible del profesor", hasCancellationRequest: false });
    expect(seen.canRequestCancellation).toBe(false);
    expect(await studentView(requested.id, other.token)).toMatchObject({ status: "anulled", cancellationReason: "Día no disponible del profesor" });
    expect(await balanceOf()).toBe(before[0] + 2 * HOUR);
    expect(await balanceOf(other.token)).toBe(before[1] + HOUR);
    // One 'reserva_anulada' ledger row per lesson, for its reservation and its amount.
    const refunds = await ctx.db
      .select()
      .from(balanceMovements)
      .where(and(eq(balanceMovements.tenantId, w.tenant.id), eq(balanceMovements.description, "reserva_anulada")));
    expect(refunds.map((m) => [m.reservationId, m.amount, m.operation]).sort()).toEqual(
      [
        [confirmed.id, 2 * HOUR, "top-up"],
        [requested.id, HOUR, "top-up"],
      ].sort(),
    );
    const history = (await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken })).json;
    expect(history[0]).toMatchObject({ description: "reserva_anulada" });
    // The day off is saved, and the booking calendar has nothing that day.
    expect(await overridesOf()).toHaveLength(1);
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, "reservations.annulled")));
    expect(audit).toHaveLength(2);
  });

  it("some hours off list only the lessons inside them; lessons already over are left alone", async () => {
    const inside = await insertReservation(ctx.db, w, localSlot(5, 10), "confirmed");
    await insertReservation(ctx.db, w, localSlot(5, 12), "confirmed"); // starts when the hours off end
    await insertReservation(ctx.db, w, localSlot(5, 18), "requested");
    const res = await postOverride({ date: dateIn(5), type: "day_off", start: "09:00", end: "12:00" });
    expect(res.status).toBe(409);
    expect(res.json.reservations.map((r: { id: string }) => r.id)).toEqual([inside.id]);
    expect(res.json.message).toMatch(/^Tienes 1 reserva en ese horario\./);

    // Yesterday's lesson took place: a day off on that date (the form does not offer it; the API takes it) annuls nothing.
    const past = await insertReservation(ctx.db, w, localSlot(-1, 10), "confirmed");
    const off = await postOverride({ date: dateIn(-1), type: "day_off" });
    expect(off.status).toBe(201);
    expect(off.json.annulledReservations).toEqual([]);
    expect(await statusOf(past.id)).toBe("confirmed");
  });

  it("extra hours never conflict, and a day off without lessons answers an empty list", async () => {
    await insertReservation(ctx.db, w, localSlot(6, 10), "confirmed");
    expect((await postOverride({ date: dateIn(6), type: "extra", start: "20:00", end: "22:00" })).status).toBe(201);
    const free = await postOverride({ date: dateIn(7), type: "day_off" });
    expect(free.status).toBe(201);
    expect(free.json.annulledReservations).toEqual([]);
  });

  it("is one transaction: when one refund fails, no lesson is annulled, no money moves and no day off is saved", async () => {
    // The first lesson (lowest id, annulled first) refunds fine; the second one's refund overflows its student's
    // balance column, so the statement fails after the first annulment and its refund were written.
    const rich = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] });
    await topUp(ctx.db, w.tenant, rich, 2_147_000_000, "money");
    // Ids that sort first and last (a PostgreSQL test database is kept between runs: random otherwise).
    const first = await insertReservation(ctx.db, w, localSlot(8, 10), "confirmed", { id: `00000000${crypto.randomUUID().slice(8)}` });
    const second = await insertReservation(ctx.db, { ...w, student: rich }, localSlot(8, 14), "confirmed", {
      id: `ffffffff${crypto.randomUUID().slice(8)}`,
      chargeMode: "money",
      chargeAmount: 1_000_000,
    });
    await topUp(ctx.db, w.tenant, rich, 1_400_000, "money"); // 2,147,400,000 cents: a refund of 1,000,000 passes 2^31 - 1
    const balance = await balanceOf();
    const movements = (await ctx.db.select().from(balanceMovements).where(eq(balanceMovements.tenantId, w.tenant.id))).length;

    const res = await postOverride({ date: dateIn(8), type: "day_off", annulReservations: true });
    expect(res.status).not.toBe(201);
    expect(res.status).toBeLessThan(500);
    expect(await statusOf(first.id)).toBe("confirmed");
    expect(await statusOf(second.id)).toBe("confirmed");
    expect(await balanceOf()).toBe(balance);
    expect((await ctx.db.select().from(balanceMovements).where(eq(balanceMovements.tenantId, w.tenant.id))).length).toBe(movements);
    expect(await overridesOf()).toEqual([]);
  });

  it("the database refuses a new active lesson on a day off, and the booking answers SLOTS_UNAVAILABLE", async () => {
    expect((await postOverride({ date: dateIn(9), type: "day_off", start: "10:00", end: "12:00" })).status).toBe(201);
    const error = await insertReservation(ctx.db, w, localSlot(9, 11), "requested").catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe("40001");
    // Outside the hours off, and not active, lessons are still written.
    await insertReservation(ctx.db, w, localSlot(9, 12), "requested");
    await insertReservation(ctx.db, w, localSlot(9, 10), "cancelled");
    const booked = await ctx.call("/student/reservations", {
      method: "POST",
      host: w.tenant.host,
      token: w.studentToken,
      body: { instructorId: w.instructor.id, licenseId: w.license.id, slots: [localSlot(9, 10)] },
    });
    expect(booked.status).toBe(409);
    expect(booked.json.error).toBe("SLOTS_UNAVAILABLE");
  });
});

describe("a day off and bookings at the same time", () => {
  it("never leaves an active lesson on a saved day off, whichever commits first (real concurrency on PostgreSQL)", async () => {
    const book = (slot: { start: string; end: string }, token: string) =>
      ctx.call("/student/reservations", {
        method: "POST",
        host: w.tenant.host,
        token,
        body: { instructorId: w.instructor.id, licenseId: w.license.id, slots: [slot] },
      });
    const students = await Promise.all([0, 1, 2].map(() => addStudent(ctx.db, w)));
    for (let round = 0; round < 4; round++) {
      const days = 10 + round;
      const [off, ...booked] = await Promise.all([
        postOverride({ date: dateIn(days), type: "day_off" }),
        ...students.map((s, i) => book(localSlot(days, 9 + i), s.token)),
      ]);
      for (const b of booked) expect([201, 409]).toContain(b.status);
      const active = await ctx.db
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.instructorId, w.instructor.id),
            inArray(reservations.status, ["requested", "confirmed"]),
            gte(reservations.startAt, new Date(localSlot(days, 0).start)),
            lt(reservations.startAt, new Date(localSlot(days + 1, 0).start)),
          ),
        );
      if (off.status === 201) {
        expect(active).toEqual([]);
        expect(booked.every((b) => b.status === 409 && b.json.error === "SLOTS_UNAVAILABLE")).toBe(true);
      } else {
        expect(off.status).toBe(409);
        // Refused over what had committed before it: each listed lesson is still there.
        for (const r of off.json.reservations as { id: string }[]) expect(active.map((a) => a.id)).toContain(r.id);
      }
    }
  });
});

describe("who may mark a day off over lessons", () => {
  it("keeps schools apart: another school's instructor annuls nothing here, and its override ids are 404", async () => {
    const lesson = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    const school = await createBookingWorld(ctx.db);
    const theirs = await postOverride({ date: dateIn(3), type: "day_off", annulReservations: true }, school.instructorToken, school.tenant.host);
    expect(theirs.status).toBe(201);
    expect(theirs.json.annulledReservations).toEqual([]);
    expect(await statusOf(lesson.id)).toBe("confirmed");
    const path = `/instructor/availability/overrides/${theirs.json.id}`;
    expect((await ctx.call(path, { method: "DELETE", host: w.tenant.host, token: w.instructorToken })).status).toBe(404);
  });

  it("keeps instructors apart: another instructor's day off does not touch this one's lessons", async () => {
    const lesson = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    const colleague = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    const res = await postOverride({ date: dateIn(3), type: "day_off" }, await tokenFor(colleague, w.tenant));
    expect(res.status).toBe(201);
    expect(await statusOf(lesson.id)).toBe("confirmed");
  });

  it("is the instructor's: a student or an administrator gets 403 and nothing changes", async () => {
    const lesson = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed");
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    for (const token of [w.studentToken, await tokenFor(admin, w.tenant)]) {
      const res = await postOverride({ date: dateIn(3), type: "day_off", annulReservations: true }, token);
      expect(res.status).toBe(403);
    }
    expect(await statusOf(lesson.id)).toBe("confirmed");
  });

  it("validates annulReservations", async () => {
    const res = await postOverride({ date: dateIn(3), type: "day_off", annulReservations: "yes" });
    expect(res.status).toBe(422);
  });
});
