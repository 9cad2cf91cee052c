import { examResultListSchema, type ExamResult } from "@/lib/contract/exams";
import { examAttendances } from "@/server/db/schema/exams";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { addStudent, createBookingWorld, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { createExam } from "./exam-fixtures";

jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
  w = await createBookingWorld(ctx.db);
  // 7 past exams, two slots (exam types) on one date.
  for (let i = 1; i <= 6; i++) {
    const exam = await createExam(ctx.db, w.tenant, w.license, { days: -10 * i, window: [-10 * i - 5, -10 * i - 1] });
    await ctx.db.insert(examAttendances).values({ tenantId: w.tenant.id, slotId: exam.slotId, studentId: w.student.id, status: "registered", result: 3 });
  }
  const twin = await createExam(ctx.db, w.tenant, w.license, { days: -10, window: [-15, -11], examType: 2 });
  await ctx.db.insert(examAttendances).values({ tenantId: w.tenant.id, slotId: twin.slotId, studentId: w.student.id, status: "registered" });
});
afterAll(() => ctx.close());

describe("GET /api/student/exam-attendances, a page at a time", () => {
  it("pages newest exam first, every registration once", async () => {
    const seen: ExamResult[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await ctx.call(`/student/exam-attendances?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { host: w.tenant.host, token: w.studentToken });
      expect(res.status).toBe(200);
      seen.push(...examResultListSchema.parse(res.json));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((r) => r.id)).size).toBe(7);
    const dates = seen.map((r) => Date.parse(r.exam.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("refuses a bad cursor with 422, and another student's cursor reveals nothing", async () => {
    const bad = await ctx.call("/student/exam-attendances?cursor=xyz", { host: w.tenant.host, token: w.studentToken });
    expect(bad.status).toBe(422);
    const cursor = (await ctx.call("/student/exam-attendances?limit=1", { host: w.tenant.host, token: w.studentToken })).headers.get("x-next-cursor");
    const other = await addStudent(ctx.db, w);
    const res = await ctx.call(`/student/exam-attendances?cursor=${cursor}`, { host: w.tenant.host, token: other.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});
