import { examResultListSchema, upcomingExamListSchema } from "@/lib/contract/exams";
import { seedCore } from "@/server/demo/core";
import { seedExams } from "@/server/demo/exams";
import { seedReservations } from "@/server/demo/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { demoToken, describeOnFreshDatabase } from "@/tests/fixtures/demo-seed";

jest.setTimeout(120_000);


let ctx: ApiContext;
beforeAll(async () => {
  ctx = await createApiContext();
});
afterAll(() => ctx.close());

describeOnFreshDatabase("demo data of exams", () => {
  it("offers alumno an exam with places, a full one with a reserve list, and past results", async () => {
    const core = await seedCore(ctx.db);
    await seedReservations(ctx.db, core, new Date());
    await seedExams(ctx.db, core, new Date());
    const token = await demoToken(ctx.db, { tenantId: core.demo.tenantId, slug: "demo" }, "alumno");
    const get = async (path: string) => (await ctx.call(path, { host: "localhost", token })).json;

    const upcoming = upcomingExamListSchema.parse(await get("/student/exams/upcoming"));
    const road = upcoming.map((e) => e.slots.find((s) => s.examType.name === "Circulación" && s.licenseName === "B")!);
    expect(road.map((s) => [s.visibleRemaining, s.canRegister, s.canBackupRegister])).toEqual([
      [4, true, false],
      [0, false, true],
      [5, false, false],
    ]);
    expect(upcoming[0]!.slots.find((s) => s.licenseName === "A2")).toMatchObject({ visibleLimit: -1, canRegister: true });

    const results = examResultListSchema.parse(await get("/student/exam-attendances"));
    expect(results.map((r) => r.result)).toEqual([0, 4, 1, 2, 3]);
    expect(results.every((r) => Date.parse(r.exam.date) < Date.now())).toBe(true);
  });
});
