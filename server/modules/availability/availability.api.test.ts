import { availabilitySchema } from "@/lib/contract/availability";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createBookingWorld, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { addDays, localDate } from "@/lib/time/zoned-time";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: BookingWorld;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
});
afterAll(() => ctx.close());

const call = (path: string, method = "GET", body?: unknown, token = w.instructorToken, host = w.tenant.host) =>
  ctx.call(path, { method, host, token, body });
const dateIn = (days: number) => addDays(localDate(Date.now(), "Europe/Madrid"), days);
const available = async (days: number) => {
  const q = new URLSearchParams({ instructor: w.instructor.id, start: localSlot(days, 0).start, end: localSlot(days + 1, 0).start });
  const res = await ctx.call(`/student/reservations/calendar?${q}`, { host: w.tenant.host, token: w.studentToken });
  return res.json.filter((e: { type: string }) => e.type === "available").map((e: { start: string }) => e.start);
};

describe("instructor availability", () => {
  it("answers the weekly rules in the school's time zone", async () => {
    const res = await call("/instructor/availability");
    const a = availabilitySchema.parse(res.json);
    expect(a.timeZone).toBe("Europe/Madrid");
    expect(a.rules).toHaveLength(7);
    expect(a.rules[0]).toMatchObject({ weekday: 1, start: "08:00", end: "20:00" });
    expect(a.overrides).toEqual([]);
  });

  it("replaces the rules, and the booking calendar follows", async () => {
    const res = await call("/instructor/availability/rules", "PUT", {
      rules: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
        { weekday, start: "09:00", end: "11:00" },
        { weekday, start: "16:00", end: "17:30" },
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.json.rules).toHaveLength(14);
    expect(await available(3)).toEqual([localSlot(3, 9).start, localSlot(3, 10).start, localSlot(3, 16).start]);
  });

  it("refuses overlapping or inverted rules and bad times", async () => {
    const put = (rules: unknown) => call("/instructor/availability/rules", "PUT", { rules });
    expect((await put([{ weekday: 1, start: "09:00", end: "12:00" }, { weekday: 1, start: "11:00", end: "13:00" }])).json).toMatchObject({
      error: "VALIDATION_ERROR",
      message: "Las franjas de un mismo día no pueden solaparse",
    });
    expect((await put([{ weekday: 1, start: "12:00", end: "09:00" }])).json.message).toBe("La hora de fin debe ser posterior a la de inicio");
    expect((await put([{ weekday: 8, start: "09:00", end: "10:00" }])).status).toBe(422);
    expect((await put([{ weekday: 1, start: "9:00", end: "10:00" }])).status).toBe(422);
    expect((await call("/instructor/availability/rules", "PUT", {})).status).toBe(400);
    // Touching ranges are fine.
    expect((await put([{ weekday: 1, start: "09:00", end: "12:00" }, { weekday: 1, start: "12:00", end: "13:00" }])).status).toBe(200);
  });

  it("adds a day off and extra hours, which the slots follow, and deletes them", async () => {
    const off = await call("/instructor/availability/overrides", "POST", { date: dateIn(3), type: "day_off" });
    expect(off.status).toBe(201);
    expect(off.json).toMatchObject({ date: dateIn(3), type: "day_off", start: null, end: null });
    expect(await available(3)).toEqual([]);
    const extra = await call("/instructor/availability/overrides", "POST", { date: dateIn(4), type: "extra", start: "20:00", end: "22:00" });
    expect((await available(4)).at(-1)).toBe(localSlot(4, 21).start);
    const blocked = await call("/instructor/availability/overrides", "POST", { date: dateIn(5), type: "day_off", start: "08:00", end: "18:00" });
    expect(await available(5)).toEqual([localSlot(5, 18).start, localSlot(5, 19).start]);
    expect((await call("/instructor/availability")).json.overrides).toHaveLength(3);
    expect((await call(`/instructor/availability/overrides/${off.json.id}`, "DELETE")).status).toBe(200);
    expect(await available(3)).toHaveLength(12);
    expect((await call(`/instructor/availability/overrides/${off.json.id}`, "DELETE")).status).toBe(404);
    void extra;
    void blocked;
  });

  it("validates overrides", async () => {
    const post = (body: unknown) => call("/instructor/availability/overrides", "POST", body);
    expect((await post({ date: dateIn(3), type: "extra" })).json.message).toBe("Indica la hora de inicio y de fin");
    expect((await post({ date: dateIn(3), type: "extra", start: "10:00", end: "09:00" })).status).toBe(422);
    expect((await post({ date: "2025-02-30", type: "day_off" })).json.message).toBe("La fecha no es válida");
    expect((await post({ date: dateIn(3), type: "holiday" })).status).toBe(422);
    expect((await post({ type: "day_off" })).status).toBe(400);
  });

  it("keeps instructors apart: another instructor's or school's override is 404, students get 403", async () => {
    const off = await call("/instructor/availability/overrides", "POST", { date: dateIn(3), type: "day_off" });
    const school = await createBookingWorld(ctx.db);
    expect((await call(`/instructor/availability/overrides/${off.json.id}`, "DELETE", undefined, school.instructorToken, school.tenant.host)).status).toBe(404);
    expect((await call("/instructor/availability", "GET", undefined, school.instructorToken, school.tenant.host)).json.overrides).toEqual([]);
    expect((await call("/instructor/availability", "GET", undefined, w.studentToken)).status).toBe(403);
    expect((await call("/instructor/availability/rules", "PUT", { rules: [] }, w.studentToken)).status).toBe(403);
  });
});
