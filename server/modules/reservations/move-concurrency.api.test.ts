import { and, eq, inArray } from "drizzle-orm";
import { balances, reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { HOUR, addStudent, createBookingWorld, insertReservation, ledgerViolations, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(180_000);

// A move never leaves both slots or neither (issue 31 §5), against real concurrent transactions: PostgreSQL only
// (PGlite has one connection).
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

const post = (path: string, token: string, body: unknown) => ctx.call(path, { method: "POST", host: w.tenant.host, token, body });
const book = (token: string, slot: { start: string; end: string }) =>
  post("/student/reservations", token, { instructorId: w.instructor.id, licenseId: w.license.id, slots: [slot] });
const activeOf = (studentId: string) =>
  ctx.db.select().from(reservations).where(and(eq(reservations.studentId, studentId), inArray(reservations.status, ["requested", "confirmed"])));

describePg("moves racing bookings on PostgreSQL", () => {
  it("runs on PostgreSQL", () => {
    expect(ctx.kind).toBe("postgres");
  });

  it("a move and bookings of the same slot at once: one wins, the lesson is at exactly one time, only the winner's slot is taken", async () => {
    for (let round = 0; round < 5; round++) {
      const from = localSlot(3 + round, 9);
      const target = localSlot(3 + round, 14);
      const lesson = await insertReservation(ctx.db, w, from);
      const rivals = await Promise.all(Array.from({ length: 6 }, () => addStudent(ctx.db, w)));
      const [moved, ...booked] = await Promise.all([
        post(`/student/reservations/${lesson.id}/move`, w.studentToken, target),
        ...rivals.map((r) => book(r.token, target)),
      ]);
      const winners = [moved, ...booked].filter((r) => r.status === 200 || r.status === 201);
      expect(winners).toHaveLength(1);
      for (const loser of [moved, ...booked].filter((r) => r.status >= 400)) expect(loser.json).toMatchObject({ error: "SLOTS_UNAVAILABLE" });
      // The lesson is active at exactly one time: the new one if the move won, the old one if it lost.
      const mine = (await activeOf(w.student.id)).filter((r) => r.id === lesson.id);
      expect(mine.map((r) => r.startAt.toISOString())).toEqual([moved.status === 200 ? target.start : from.start]);
      // The target hour holds exactly one active lesson of the instructor.
      const atTarget = await ctx.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.instructorId, w.instructor.id), eq(reservations.startAt, new Date(target.start)), inArray(reservations.status, ["requested", "confirmed"])));
      expect(atTarget).toHaveLength(1);
    }
  });

  it("two moves of one lesson at once (to different hours) and a booking of its old hour: the lesson ends at one of them, its old hour is taken once", async () => {
    const from = localSlot(3, 9);
    const lesson = await insertReservation(ctx.db, w, from);
    const rival = await addStudent(ctx.db, w);
    const [a, b, c] = await Promise.all([
      post(`/student/reservations/${lesson.id}/move`, w.studentToken, localSlot(3, 12, 2)),
      post(`/instructor/reservations/${lesson.id}/move`, w.instructorToken, localSlot(3, 16)),
      book(rival.token, from),
    ]);
    expect([a.status, b.status]).toContain(200);
    const row = (await ctx.db.select().from(reservations).where(eq(reservations.id, lesson.id)))[0]!;
    expect([localSlot(3, 12, 2).start, localSlot(3, 16).start]).toContain(row.startAt.toISOString());
    // Whatever order they ran in, the student paid for exactly the lesson's current length.
    const [balance] = await ctx.db.select().from(balances).where(eq(balances.studentId, w.student.id));
    expect(balance!.seconds).toBe(10 * HOUR - (row.endAt.getTime() - row.startAt.getTime()) / 1000);
    // The old hour was free for the rival once the lesson had left it, and never double booked.
    if (c.status === 201) expect((await activeOf(rival.student.id)).map((r) => r.startAt.toISOString())).toEqual([from.start]);
    else expect(c.json).toMatchObject({ error: "SLOTS_UNAVAILABLE" });
  });
});
