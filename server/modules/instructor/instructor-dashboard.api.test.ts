import { instructorDashboardSchema, type InstructorDashboard } from "@/lib/contract/instructor";
import { localToUtc } from "@/lib/time/zoned-time";
import { vehicles } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import {
  HOUR,
  addStudent,
  createBookingWorld,
  createLicense,
  insertReservation,
  ledgerViolations,
  localSlot,
  todaysMinuteSlot,
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";
import { getDashboard } from "./instructor-overview.service";

jest.setTimeout(60_000);

// The instructor's day (issue "Phone first"): today's lessons on the school's clock, ended ones included, tomorrow's
// first lesson and the vehicle of each lesson; the route for the shape and the access, the service with a frozen `now`
// for the day's edges.

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * HOUR });
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const get = (token = w.instructorToken, host = w.tenant.host) => ctx.call("/instructor/dashboard", { host, token });
const madrid = (date: string, hour: number, minute = 0) => new Date(localToUtc(date, hour * 60 + minute, "Europe/Madrid")).toISOString();
const slot = (date: string, hour: number, minute = 0, hours = 1) => {
  const start = madrid(date, hour, minute);
  return { start, end: new Date(Date.parse(start) + hours * HOUR * 1000).toISOString() };
};
const dayAt = async (now: string): Promise<InstructorDashboard> =>
  instructorDashboardSchema.parse(await getDashboard(ctx.db, w.tenant, w.instructor.id, new Date(now)));
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe("GET /api/instructor/dashboard", () => {
  it("answers today's lessons with the vehicle, tomorrow's first lesson and the requests to decide", async () => {
    await ctx.db.insert(vehicles).values({ tenantId: w.tenant.id, plate: "1234 KLM", description: "Seat Ibiza", licenseId: w.license.id });
    const soon = await insertReservation(ctx.db, w, todaysMinuteSlot(), "confirmed");
    const second = await insertReservation(ctx.db, w, localSlot(1, 12), "requested");
    const first = await insertReservation(ctx.db, w, localSlot(1, 9), "confirmed");
    const later = await insertReservation(ctx.db, w, localSlot(3, 10));
    const res = await get();
    expect(res.status).toBe(200);
    const d = instructorDashboardSchema.parse(res.json);
    expect(ids(d.today)).toEqual([soon.id]);
    expect(d.today[0]).toMatchObject({ vehicle: "1234 KLM · Seat Ibiza", student: { name: "Lucía Martín" }, license: "B" });
    expect(d.tomorrowFirst).toMatchObject({ id: first.id, student: { name: "Lucía Martín" }, license: "B" });
    expect(ids(d.pendingRequests)).toEqual([second.id, later.id]);
  });

  it("shows none of another instructor's lessons or another school's", async () => {
    const colleague = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    const theirs = { ...w, instructor: colleague };
    await insertReservation(ctx.db, theirs, localSlot(1, 9), "confirmed");
    await insertReservation(ctx.db, theirs, localSlot(2, 9));
    await insertReservation(ctx.db, theirs, localSlot(4, 9), "confirmed", { cancellationRequestStatus: "pending", cancellationRequestReason: "x", cancellationRequestedAt: new Date() });
    const elsewhere = await createBookingWorld(ctx.db);
    await insertReservation(ctx.db, elsewhere, todaysMinuteSlot(), "confirmed");
    await insertReservation(ctx.db, elsewhere, localSlot(1, 9), "confirmed");
    await insertReservation(ctx.db, elsewhere, localSlot(2, 9));
    const empty = { today: [], tomorrowFirst: null, pendingRequests: [], pendingCancellationRequests: [] };
    expect((await get()).json).toEqual(empty);
    // The data is there: the other school's instructor, on their own host, and the colleague each see their own.
    const theirSchool = instructorDashboardSchema.parse((await get(elsewhere.instructorToken, elsewhere.tenant.host)).json);
    expect(theirSchool.today).toHaveLength(1);
    expect(theirSchool.pendingRequests).toHaveLength(1);
    const mine = instructorDashboardSchema.parse((await get(await tokenFor(colleague, w.tenant))).json);
    expect(mine.tomorrowFirst).not.toBeNull();
    expect(mine.pendingRequests).toHaveLength(1);
  });

  it("is for instructors only", async () => {
    expect((await get(w.studentToken)).status).toBe(403);
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    expect((await get(await tokenFor(admin, w.tenant))).status).toBe(403);
    expect((await ctx.call("/instructor/dashboard", { host: w.tenant.host })).status).toBe(401);
  });
});

describe("the instructor's day on the school's clock", () => {
  it("keeps today's lesson that ended an hour ago, by start, and leaves out closed ones, yesterday's and tomorrow's", async () => {
    const day = "2030-01-10"; // now: 12:00 in Madrid
    const ended = await insertReservation(ctx.db, w, slot(day, 10), "confirmed");
    const other = await addStudent(ctx.db, w, 10 * HOUR);
    const request = await insertReservation(ctx.db, { ...w, student: other.student }, slot(day, 17), "requested");
    const morning = await insertReservation(ctx.db, w, slot(day, 8), "confirmed");
    await insertReservation(ctx.db, w, slot(day, 13), "cancelled");
    await insertReservation(ctx.db, w, slot(day, 14), "denied");
    await insertReservation(ctx.db, w, slot("2030-01-09", 22, 30, 1.5), "confirmed"); // ends at 00:00 of today
    const tomorrow = await insertReservation(ctx.db, w, slot("2030-01-11", 8), "confirmed");
    const d = await dayAt(madrid(day, 12));
    expect(ids(d.today)).toEqual([morning.id, ended.id, request.id]);
    expect(d.today.find((r) => r.id === ended.id)).toMatchObject({ status: "confirmed", isDone: true });
    expect(d.tomorrowFirst?.id).toBe(tomorrow.id);
    expect(ids(d.pendingRequests)).toEqual([request.id]);
  });

  it("counts a lesson across midnight as today's, and tomorrow's first is one that starts tomorrow", async () => {
    const crossing = await insertReservation(ctx.db, w, slot("2030-01-10", 23, 30), "confirmed");
    const early = await insertReservation(ctx.db, w, slot("2030-01-11", 7), "requested");
    const dayAfter = await insertReservation(ctx.db, w, slot("2030-01-12", 6), "confirmed");
    const d = await dayAt(madrid("2030-01-10", 20));
    expect(ids(d.today)).toEqual([crossing.id]);
    expect(d.tomorrowFirst?.id).toBe(early.id);
    // Just after midnight the crossing lesson is still today's, 07:00 is today's too and tomorrow moves on a day.
    const after = await dayAt(madrid("2030-01-11", 0, 10));
    expect(ids(after.today)).toEqual([crossing.id, early.id]);
    expect(after.tomorrowFirst?.id).toBe(dayAfter.id);
  });

  it("finds the day's edges across the spring and autumn changes (23- and 25-hour days)", async () => {
    // Spring: Sunday 29 March 2026 has no 02:00-03:00 in Madrid; a lesson at 23:30 is still that Sunday's.
    const spring = await insertReservation(ctx.db, w, slot("2026-03-29", 23, 0, 0.5), "confirmed");
    const monday = await insertReservation(ctx.db, w, slot("2026-03-30", 0, 30), "confirmed");
    const d = await dayAt(madrid("2026-03-29", 1, 30));
    expect(ids(d.today)).toEqual([spring.id]);
    expect(d.tomorrowFirst?.id).toBe(monday.id);
    // Autumn: Sunday 25 October 2026 lasts 25 hours; seen from its first hour, 23:30 of that day is still it.
    const autumn = await insertReservation(ctx.db, w, slot("2026-10-25", 23, 30, 0.5), "confirmed");
    const a = await dayAt(madrid("2026-10-25", 0, 30));
    expect(ids(a.today)).toEqual([autumn.id]);
  });

  it("names the vehicle only when the lesson's licence has exactly one active one", async () => {
    const a2 = await createLicense(ctx.db, w.tenant, "a2", "A2");
    const lesson = await insertReservation(ctx.db, w, slot("2030-01-10", 9), "confirmed");
    const at = async () => (await dayAt(madrid("2030-01-10", 8))).today.find((r) => r.id === lesson.id)!.vehicle;
    expect(await at()).toBeNull(); // no fleet
    await ctx.db.insert(vehicles).values([
      { tenantId: w.tenant.id, plate: "5678 MNP", description: "Yamaha MT-07", licenseId: a2.id },
      { tenantId: w.tenant.id, plate: "1234 KLM", description: "Seat Ibiza", licenseId: w.license.id },
      { tenantId: w.tenant.id, plate: "0000 OLD", description: null, licenseId: w.license.id, isActive: false },
    ]);
    expect(await at()).toBe("1234 KLM · Seat Ibiza");
    await ctx.db.insert(vehicles).values({ tenantId: w.tenant.id, plate: "9999 ZZZ", description: null, licenseId: null });
    expect(await at()).toBeNull(); // two the lesson could use: no guess
  });

  it("stays bounded: at most a page (100) of today's lessons and of each pending list", async () => {
    // 120 five-minute requests of today: more than a page.
    const day = "2030-01-10";
    for (let i = 0; i < 120; i++) {
      const start = madrid(day, 8, i * 5);
      await insertReservation(ctx.db, w, { start, end: new Date(Date.parse(start) + 5 * 60_000).toISOString() }, "requested");
    }
    const d = await dayAt(madrid(day, 7));
    expect(d.today).toHaveLength(100);
    expect(d.pendingRequests).toHaveLength(100);
    expect(Date.parse(d.today[0]!.start)).toBe(Date.parse(madrid(day, 8)));
  });
});
