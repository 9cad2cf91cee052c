import { pendingPracticeListSchema, practiceHistorySchema, signatureSchema } from "@/lib/contract/practices";
import { studentCalendarSchema } from "@/lib/contract/calendar";
import { seedCore } from "@/server/demo/core";
import { seedPractices } from "@/server/demo/practices";
import { seedReservations } from "@/server/demo/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { demoToken, describeOnFreshDatabase } from "@/tests/fixtures/demo-seed";
import { ledgerViolations } from "@/tests/fixtures/reservation-factories";

jest.setTimeout(120_000);


let ctx: ApiContext;
beforeAll(async () => {
  ctx = await createApiContext();
});
afterAll(() => ctx.close());

describeOnFreshDatabase("demo data of practices", () => {
  it("gives alumno signed practices over two months, a lesson for profesor to finish and two events, keeping 10 h", async () => {
    const now = new Date();
    const core = await seedCore(ctx.db);
    await seedReservations(ctx.db, core, now);
    await seedPractices(ctx.db, core, now);
    const token = (username: string) => demoToken(ctx.db, { tenantId: core.demo.tenantId, slug: "demo" }, username);
    const alumno = await token("alumno");
    const call = (path: string, t: string) => ctx.call(path, { host: "localhost", token: t }).then((r) => r.json);

    const history = practiceHistorySchema.parse(await call("/student/practices/history", alumno));
    const months = Object.keys(history);
    expect(months).toEqual([...months].sort().reverse());
    const all = Object.values(history).flatMap((month) => Object.values(month));
    expect(all.length).toBe(5);
    expect(new Set(all.map((p) => p.type))).toEqual(new Set(["practice", "manual_practice"]));
    for (const p of all) {
      expect(p.kmTotal).toBeGreaterThan(0);
      expect(p.vehicle?.plate).toBeTruthy();
      expect(signatureSchema.safeParse(p.studentSignature).success).toBe(true);
      expect(signatureSchema.safeParse(p.instructorSignature).success).toBe(true);
    }
    expect(all[0]!.studentSignature).not.toBe(all[0]!.instructorSignature);

    const pending = pendingPracticeListSchema.parse(await call("/instructor/practices/pending", await token("profesor")));
    expect(pending).toHaveLength(1);
    expect(Date.parse(pending[0]!.start)).toBeLessThanOrEqual(now.getTime());
    expect(pending[0]!.studentName).toBe("Lucía Martín García");
    // The lessons agreed at the desk are in the calendar month before that of the lesson to finish: once it is
    // finished, the history spans two months whatever the day (the practice journey pages back to them).
    const lessonMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit" }).format(new Date(pending[0]!.start));
    const [year, month] = lessonMonth.split("-").map(Number) as [number, number];
    const monthBefore = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
    expect(Object.values(history[monthBefore] ?? {}).filter((p) => p.type === "manual_practice")).toHaveLength(2);

    const range = `start=${new Date(now.getTime() - 86_400_000).toISOString()}&end=${new Date(now.getTime() + 7 * 86_400_000).toISOString()}`;
    const events = studentCalendarSchema.parse(await call(`/student/calendar?${range}`, alumno));
    expect(events.filter((e) => e.type === "session").map((e) => e.url)).toEqual(["https://meet.jit.si/autoescuela-demo-charla", null]);

    expect((await call("/student/balance", alumno)).timeBalanceSeconds).toBe(36000);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
