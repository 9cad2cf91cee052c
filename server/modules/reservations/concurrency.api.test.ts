import { and, eq, inArray } from "drizzle-orm";
import { balances, reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { HOUR, addStudent, createBookingWorld, insertReservation, ledgerViolations, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(120_000);

// Real concurrency needs real connections: these run on PostgreSQL only (PGlite has one connection).
const isPostgres = Boolean(process.env.DATABASE_URL);
const describePg = isPostgres ? describe : describe.skip;

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

const book = (token: string, slots: { start: string; end: string }[], headers: Record<string, string> = {}) =>
  ctx.call("/student/reservations", {
    method: "POST",
    host: w.tenant.host,
    token,
    headers,
    body: { instructorId: w.instructor.id, licenseId: w.license.id, slots },
  });
const activeOf = async (where = eq(reservations.tenantId, w.tenant.id)) =>
  ctx.db.select().from(reservations).where(and(where, inArray(reservations.status, ["requested", "confirmed"])));

describePg("concurrent bookings on PostgreSQL", () => {
  it("runs on PostgreSQL", () => {
    expect(ctx.kind).toBe("postgres");
  });

  it("50 students booking the same slot at once: exactly one wins, the rest get SLOTS_UNAVAILABLE", async () => {
    const students = await Promise.all(Array.from({ length: 50 }, () => addStudent(ctx.db, w)));
    const slot = localSlot(3, 10);
    const results = await Promise.all(students.map((s) => book(s.token, [slot])));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.json).toMatchObject({ error: "SLOTS_UNAVAILABLE", unavailable_slots: [slot] });
    }
    expect(await activeOf()).toHaveLength(1);
    // Only the winner paid.
    const rows = await ctx.db.select().from(balances).where(inArray(balances.studentId, students.map((s) => s.student.id)));
    expect(rows.filter((b) => b.seconds === 9 * HOUR)).toHaveLength(1);
    expect(rows.filter((b) => b.seconds === 10 * HOUR)).toHaveLength(49);
  });

  it("overlapping multi-slot bookings at once never double book and never deadlock", async () => {
    const students = await Promise.all(Array.from({ length: 20 }, () => addStudent(ctx.db, w)));
    const results = await Promise.all(
      students.map((s, i) => book(s.token, i % 2 ? [localSlot(3, 10), localSlot(3, 12)] : [localSlot(3, 12), localSlot(3, 14)])),
    );
    expect(results.every((r) => r.status === 201 || r.json.error === "SLOTS_UNAVAILABLE")).toBe(true);
    const active = await activeOf();
    const byStart = new Set(active.map((r) => r.startAt.toISOString()));
    expect(byStart.size).toBe(active.length);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it("one student firing bookings that together exceed the balance never goes negative", async () => {
    const { student, token } = await addStudent(ctx.db, w, 5 * HOUR);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => book(token, [localSlot(3 + i, 10, 2)])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 422 && r.json.error === "INSUFFICIENT_BALANCE")).toHaveLength(8);
    const [row] = await ctx.db.select().from(balances).where(eq(balances.studentId, student.id));
    expect(row!.seconds).toBe(HOUR);
    expect(await activeOf(eq(reservations.studentId, student.id))).toHaveLength(2);
  });

  it("the same Idempotency-Key sent ten times at once books once and answers the same to all", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => book(w.studentToken, [localSlot(3, 10)], { "Idempotency-Key": "doble-clic" })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    for (const r of results) expect(r.json).toEqual(results[0]!.json);
    expect(await activeOf()).toHaveLength(1);
  });

  it("ten people deciding the same reservation at once refund it once", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed", {
      cancellationRequestStatus: "pending",
      cancellationRequestReason: "Viaje",
      cancellationRequestedAt: new Date(),
    });
    const calls = Array.from({ length: 10 }, (_, i) =>
      ctx.call(`/instructor/reservations/${r.id}/${i % 2 ? "annul" : "cancellation-request/accept"}`, {
        method: "POST",
        host: w.tenant.host,
        token: w.instructorToken,
      }),
    );
    const results = await Promise.all(calls);
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409)).toHaveLength(9);
    const [row] = await ctx.db.select().from(balances).where(eq(balances.studentId, w.student.id));
    expect(row!.seconds).toBe(10 * HOUR);
  });
});

describe("concurrent actions on any database", () => {
  it("parallel bookings of one slot by two students give one booking", async () => {
    const other = await addStudent(ctx.db, w);
    const results = await Promise.all([book(w.studentToken, [localSlot(3, 10)]), book(other.token, [localSlot(3, 10)])]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
