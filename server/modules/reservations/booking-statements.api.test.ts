import { and, eq } from "drizzle-orm";
import { auditLog } from "@/server/db/schema/core";
import { availabilityOverrides, balanceMovements, balances, reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { TZ, addStudent, createBookingWorld, ledgerViolations, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { addDays, localDate } from "@/lib/time/zoned-time";

// The paths of the booking's two statements (booking.repository.ts) that the main booking tests do not take: a
// student without a balance row, date overrides, the audit row, the same student twice at once.
jest.setTimeout(60_000);

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

const book = (slots: { start: string; end: string }[], token = w.studentToken, headers: Record<string, string> = {}) =>
  ctx.call("/student/reservations", {
    method: "POST",
    host: w.tenant.host,
    token,
    headers,
    body: { instructorId: w.instructor.id, licenseId: w.license.id, slots },
  });
const dateIn = (days: number) => addDays(localDate(Date.now(), TZ), days);

describe("a student who never had a balance", () => {
  it("books a free lesson (money mode at 0 €/h) with a key: a zero balance row, no movement", async () => {
    const free = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money", hourly_price: "0" } });
    const res = await ctx.call("/student/reservations", {
      method: "POST",
      host: free.tenant.host,
      token: free.studentToken,
      headers: { "Idempotency-Key": "primera" },
      body: { instructorId: free.instructor.id, licenseId: free.license.id, slots: [localSlot(3, 10)] },
    });
    expect(res.status).toBe(201);
    expect(res.json.reservations[0]).toMatchObject({ ...localSlot(3, 10), status: "requested" });
    const [row] = await ctx.db.select().from(balances).where(eq(balances.studentId, free.student.id));
    expect(row).toMatchObject({ seconds: 0, cents: 0 });
    expect(await ctx.db.select().from(balanceMovements).where(eq(balanceMovements.studentId, free.student.id))).toEqual([]);
  });

  it("is refused INSUFFICIENT_BALANCE in time mode", async () => {
    const poor = await createBookingWorld(ctx.db, { balanceSeconds: 0 });
    const res = await ctx.call("/student/reservations", {
      method: "POST",
      host: poor.tenant.host,
      token: poor.studentToken,
      body: { instructorId: poor.instructor.id, licenseId: poor.license.id, slots: [localSlot(3, 10)] },
    });
    expect(res.json).toMatchObject({ error: "INSUFFICIENT_BALANCE" });
  });
});

describe("date overrides", () => {
  it("refuses the slot of a day off, books extra hours, and names only the blocked slot of several", async () => {
    await ctx.db.insert(availabilityOverrides).values([
      { tenantId: w.tenant.id, instructorId: w.instructor.id, date: dateIn(3), type: "day_off" },
      { tenantId: w.tenant.id, instructorId: w.instructor.id, date: dateIn(4), type: "extra", startMinutes: 20 * 60, endMinutes: 22 * 60 },
    ]);
    const refused = await book([localSlot(3, 10), localSlot(5, 10)]);
    expect(refused.status).toBe(409);
    expect(refused.json.unavailable_slots).toEqual([localSlot(3, 10)]);
    expect((await book([localSlot(4, 21)])).status).toBe(201);
  });
});

describe("slots far away", () => {
  it("answers the horizon's VALIDATION_ERROR for the last hour the contract accepts (the read comes first now)", async () => {
    const res = await book([{ start: "2200-12-31T22:00:00.000Z", end: "2200-12-31T23:00:00.000Z" }]);
    expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Solo se puede reservar con un máximo de 60 días de antelación" });
  });
});

describe("the audit row", () => {
  // The activity log names the student, the instructor and the first lesson's time (issue 31 §6).
  const named = (first: { start: string; end: string }) => ({ student: "Lucía Martín", instructor: "Carlos Ruiz", ...first });
  it("records the booking with its reservations, and the administrator acting as the student", async () => {
    const res = await book([localSlot(3, 10), localSlot(3, 12)]);
    const ids = res.json.reservations.map((r: { id: string }) => r.id);
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const acting = await tokenFor(w.student, w.tenant, admin.id);
    const second = await book([localSlot(4, 10)], acting);
    expect(second.status).toBe(201);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, "reservations.booked")))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.actorId, r.actingAsId, r.targetType, r.targetId, r.details])).toEqual([
      [w.student.id, null, "reservation", ids[0], { ids, instructorId: w.instructor.id, ...named(localSlot(3, 10)) }],
      [admin.id, w.student.id, "reservation", second.json.reservations[0].id, { ids: [second.json.reservations[0].id], instructorId: w.instructor.id, ...named(localSlot(4, 10)) }],
    ]);
    const [movement] = await ctx.db.select().from(balanceMovements).where(eq(balanceMovements.reservationId, second.json.reservations[0].id));
    expect(movement!.createdBy).toBe(admin.id);
  });
});

(process.env.DATABASE_URL ? describe : describe.skip)("the same student twice at once on PostgreSQL", () => {
  it("books the slot once and charges once", async () => {
    const { student, token } = await addStudent(ctx.db, w);
    const results = await Promise.all(Array.from({ length: 6 }, () => book([localSlot(3, 10)], token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const active = await ctx.db.select().from(reservations).where(eq(reservations.studentId, student.id));
    expect(active).toHaveLength(1);
    const [row] = await ctx.db.select().from(balances).where(eq(balances.studentId, student.id));
    expect(row!.seconds).toBe(9 * 3600);
  });
});
