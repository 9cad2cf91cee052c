import { instructorPracticeListSchema, practiceHistorySchema, type InstructorPractice, type PracticeHistory } from "@/lib/contract/practices";
import { practices } from "@/server/db/schema/practices";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { addStudent, createBookingWorld, type BookingWorld } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

// Practices on the 15th at 10:00 Madrid (08:00/09:00 UTC) of each listed month; two in some months.
const MONTHS = ["2025-11", "2025-10", "2025-08", "2025-05", "2025-04", "2024-12", "2024-01"];
async function practice(world: BookingWorld, studentId: string, month: string, day = 15) {
  const start = new Date(`${month}-${String(day).padStart(2, "0")}T08:00:00Z`);
  await ctx.db.insert(practices).values({
    tenantId: world.tenant.id,
    studentId,
    instructorId: world.instructor.id,
    licenseId: world.license.id,
    startAt: start,
    endAt: new Date(start.getTime() + 3_600_000),
  });
}

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createBookingWorld(ctx.db);
  for (const m of MONTHS) await practice(w, w.student.id, m);
  await practice(w, w.student.id, "2025-10", 20);
  // Midnight in Madrid on the 1st is still the previous month in UTC: the month is the school's.
  await ctx.db.insert(practices).values({
    tenantId: w.tenant.id,
    studentId: w.student.id,
    instructorId: w.instructor.id,
    licenseId: w.license.id,
    startAt: new Date("2025-02-28T23:30:00Z"), // 1 March 00:30 in Madrid
    endAt: new Date("2025-03-01T00:30:00Z"),
  });
});
afterAll(() => ctx.close());

const history = (q = "", token = w.studentToken, host = w.tenant.host) => ctx.call(`/student/practices/history${q}`, { host, token });

describe("GET /api/student/practices/history, a few months at a time", () => {
  it("keeps the spec's month map and pages by months that have practices, the next `before` in X-Next-Cursor", async () => {
    const first = await history("?months=3");
    expect(first.status).toBe(200);
    const map = practiceHistorySchema.parse(first.json);
    expect(Object.keys(map)).toEqual(["2025-11", "2025-10", "2025-08"]);
    expect(Object.keys(map["2025-10"]!)).toHaveLength(2);
    expect(first.headers.get("x-next-cursor")).toBe("2025-08");

    const second = await history("?months=3&before=2025-08");
    expect(Object.keys(second.json)).toEqual(["2025-05", "2025-04", "2025-03"]);
    expect(second.headers.get("x-next-cursor")).toBe("2025-03");
    const last = await history("?months=3&before=2025-03");
    expect(Object.keys(last.json)).toEqual(["2024-12", "2024-01"]);
    expect(last.headers.get("x-next-cursor")).toBeNull();
  });

  it("answers 6 months by default, and the whole walk holds every practice once", async () => {
    const seen: PracticeHistory = {};
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await history(before ? `?before=${before}` : "");
      Object.assign(seen, res.json);
      before = res.headers.get("x-next-cursor");
      pages++;
    } while (before);
    expect(pages).toBe(2);
    expect(Object.values(seen).reduce((n, m) => n + Object.keys(m).length, 0)).toBe(MONTHS.length + 2);
  });

  it.each([["?before=2025-13"], ["?before=abc"], ["?months=0"], ["?months=x"]])("refuses %s with 422", async (q) => {
    const res = await history(q);
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("VALIDATION_ERROR");
  });

  it("caps months at 24 and shows another student none of these practices", async () => {
    expect((await history("?months=500")).status).toBe(200);
    const other = await addStudent(ctx.db, w);
    expect((await history("?before=2030-01", other.token)).json).toEqual({});
  });
});

describe("GET /api/instructor/practices, a page at a time", () => {
  it("pages newest first without repeats, filters still apply, bad cursors are refused", async () => {
    const seen: InstructorPractice[] = [];
    let cursor: string | null = null;
    do {
      const res = await ctx.call(`/instructor/practices?limit=4${cursor ? `&cursor=${cursor}` : ""}`, { host: w.tenant.host, token: w.instructorToken });
      expect(res.status).toBe(200);
      seen.push(...instructorPracticeListSchema.parse(res.json));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor);
    expect(seen).toHaveLength(MONTHS.length + 2);
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    const keys = seen.map((p) => `${p.date} ${p.startTime}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    const month = await ctx.call("/instructor/practices?month=2025-10&limit=1", { host: w.tenant.host, token: w.instructorToken });
    expect(month.json).toHaveLength(1);
    expect(month.headers.get("x-next-cursor")).toBeTruthy();
    const bad = await ctx.call("/instructor/practices?cursor=nope", { host: w.tenant.host, token: w.instructorToken });
    expect(bad.status).toBe(422);
  });
});
