import { and, eq } from "drizzle-orm";
import { instructorReservationListSchema, type InstructorReservation } from "@/lib/contract/instructor";
import { reservationListSchema, type Reservation } from "@/lib/contract/reservations";
import { auditLog } from "@/server/db/schema/core";
import { reservations } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import {
  addStudent,
  createBookingWorld,
  insertReservation,
  ledgerViolations,
  localSlot,
  setSettings,
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";

jest.setTimeout(120_000);

let ctx: ApiContext;
beforeAll(async () => {
  ctx = await createApiContext();
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const HOUR_MS = 3_600_000;
// A one-hour slot `hoursFromNow` hours away, on the hour.
const slotAt = (hoursFromNow: number) => {
  const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + hoursFromNow * HOUR_MS;
  return { start: new Date(start).toISOString(), end: new Date(start + HOUR_MS).toISOString() };
};

async function walk<T extends { id: string }>(path: string, token: string, host: string, between?: () => Promise<void>) {
  const seen: T[] = [];
  let cursor: string | null = null;
  const totals: (string | null)[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await ctx.call(`${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`, { host, token });
    expect(res.status).toBe(200);
    seen.push(...(res.json as T[]));
    totals.push(res.headers.get("x-total-count"));
    cursor = res.headers.get("x-next-cursor");
    if (!cursor) return { seen, totals };
    await between?.();
  }
  throw new Error("paging never ended");
}

describe("GET /api/student/reservations, a page at a time", () => {
  let w: BookingWorld;
  beforeAll(async () => {
    w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * 3600 });
    // 7 past (one ends exactly at the same time as another: ties broken by id) and 5 upcoming, some cancelled.
    for (let i = 1; i <= 6; i++) await insertReservation(ctx.db, w, slotAt(-24 * i), i % 2 ? "confirmed" : "cancelled");
    await insertReservation(ctx.db, w, slotAt(-24), "cancelled");
    for (let i = 1; i <= 5; i++) await insertReservation(ctx.db, w, slotAt(24 * i + 48), i === 3 ? "cancelled" : "requested");
  });
  const call = (q: string, token = w.studentToken, host = w.tenant.host) => ctx.call(`/student/reservations${q}`, { host, token });

  it("pages the previous ones latest first, without repeats or gaps, with the tab's count on the first page", async () => {
    const { seen, totals } = await walk<Reservation>("/student/reservations?scope=previous&limit=3", w.studentToken, w.tenant.host);
    expect(reservationListSchema.parse(seen)).toHaveLength(7);
    expect(new Set(seen.map((r) => r.id)).size).toBe(7);
    const ends = seen.map((r) => Date.parse(r.end));
    expect([...ends].sort((a, b) => b - a)).toEqual(ends);
    expect(seen.every((r) => Date.parse(r.end) <= Date.now())).toBe(true);
    expect(totals).toEqual(["7", null, null]);
  });

  it("pages the upcoming ones soonest first", async () => {
    const { seen, totals } = await walk<Reservation>("/student/reservations?scope=upcoming&limit=2", w.studentToken, w.tenant.host);
    expect(seen).toHaveLength(5);
    const starts = seen.map((r) => Date.parse(r.start));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    // The tab lists the cancelled one too, dimmed, but counts only what the student still has ahead (issue "Phone first").
    expect(seen.filter((r) => r.status === "cancelled")).toHaveLength(1);
    expect(totals[0]).toBe("4");
  });

  it("answers the whole list's first page without a scope (the spec's call), 50 by default", async () => {
    const res = await call("");
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(12);
    expect(res.headers.get("x-next-cursor")).toBeNull();
  });

  it("neither repeats nor skips while new reservations are booked between pages", async () => {
    const before = (await call("?scope=previous&limit=100")).json as Reservation[];
    let n = 0;
    const { seen } = await walk<Reservation>("/student/reservations?scope=previous&limit=2", w.studentToken, w.tenant.host, async () => {
      // New rows on both sides of the walk's position: one older than everything, one just ended.
      n++;
      await insertReservation(ctx.db, w, slotAt(-24 * (40 + n)), "cancelled");
    });
    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Everything that existed when the walk began is there, once, in order.
    expect(ids.filter((id) => before.some((b) => b.id === id))).toEqual(before.map((b) => b.id));
  });

  it.each([["?scope=later"], ["?limit=-1"], ["?cursor=zzz"], ["?scope=previous&cursor=" + "x".repeat(40)]])("refuses %s with 422", async (q) => {
    const res = await call(q);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", message: expect.any(String) });
  });

  it("refuses a cursor of another tab, and a cursor of another student shows only the caller's rows", async () => {
    const cursor = (await call("?scope=previous&limit=1")).headers.get("x-next-cursor")!;
    expect((await call(`?scope=upcoming&cursor=${cursor}`)).status).toBe(422);
    const other = await addStudent(ctx.db, w, 5 * 3600);
    await insertReservation(ctx.db, { ...w, student: other.student }, slotAt(-24 * 100), "confirmed");
    const res = await call(`?scope=previous&cursor=${cursor}`, other.token);
    expect(res.status).toBe(200);
    expect((res.json as Reservation[]).map((r) => r.start)).toEqual([slotAt(-24 * 100).start]);
    const elsewhere = await createBookingWorld(ctx.db);
    const foreign = await call(`?scope=previous&cursor=${cursor}`, elsewhere.studentToken, elsewhere.tenant.host);
    expect(foreign.status).toBe(200);
    expect(foreign.json).toEqual([]);
  });
});

describe("GET /api/instructor/reservations, a page at a time", () => {
  it("pages each tab, past latest first, with counts, and the dashboard still answers", async () => {
    const w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * 3600 });
    for (let i = 1; i <= 5; i++) await insertReservation(ctx.db, w, slotAt(-24 * i), "confirmed");
    for (let i = 1; i <= 3; i++) await insertReservation(ctx.db, w, slotAt(24 * i + 48), "requested");
    const past = await walk<InstructorReservation>("/instructor/reservations?scope=past&limit=2", w.instructorToken, w.tenant.host);
    expect(instructorReservationListSchema.parse(past.seen)).toHaveLength(5);
    const ends = past.seen.map((r) => Date.parse(r.end));
    expect([...ends].sort((a, b) => b - a)).toEqual(ends);
    expect(past.totals).toEqual(["5", null, null]);
    const pending = await walk<InstructorReservation>("/instructor/reservations?scope=pending&limit=2", w.instructorToken, w.tenant.host);
    expect(pending.seen.map((r) => r.status)).toEqual(["requested", "requested", "requested"]);
    expect((await ctx.call("/instructor/dashboard", { host: w.tenant.host, token: w.instructorToken })).json.pendingRequests).toHaveLength(3);
    const bad = await ctx.call("/instructor/reservations?scope=past&cursor=abc", { host: w.tenant.host, token: w.instructorToken });
    expect(bad.status).toBe(422);
  });
});

describe("the daily cancellation limit (max_cancellations_per_day)", () => {
  it("refuses the cancellation past the school's limit with a Spanish 429, changing nothing", async () => {
    const w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * 3600 });
    await setSettings(ctx.db, w.tenant, { max_cancellations_per_day: "2" });
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await insertReservation(ctx.db, w, localSlot(3 + i, 10), "requested"));
    const cancel = (id: string, token = w.studentToken) =>
      ctx.call(`/student/reservations/${id}/cancel`, { method: "POST", host: w.tenant.host, token });
    expect((await cancel(rows[0]!.id)).status).toBe(200);
    expect((await cancel(rows[1]!.id)).status).toBe(200);
    const balanceBefore = (await ctx.call("/student/balance", { host: w.tenant.host, token: w.studentToken })).json;
    const refused = await cancel(rows[2]!.id);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: "TOO_MANY_CANCELLATIONS", message: expect.stringContaining("máximo de 2 cancelaciones en 24 horas") });
    expect((await ctx.call(`/student/reservations/${rows[2]!.id}`, { host: w.tenant.host, token: w.studentToken })).json.status).toBe("requested");
    expect((await ctx.call("/student/balance", { host: w.tenant.host, token: w.studentToken })).json).toEqual(balanceBefore);
    // Cancellations older than 24 hours no longer count.
    await ctx.db.update(reservations).set({ cancelledAt: new Date(Date.now() - 25 * HOUR_MS) }).where(eq(reservations.id, rows[0]!.id));
    expect((await cancel(rows[2]!.id)).status).toBe(200);
  });

  it("is a school setting: 5 by default, edited by the office within 1..100", async () => {
    const w = await createBookingWorld(ctx.db);
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const token = await tokenFor(admin, w.tenant);
    expect((await ctx.call("/config", { host: w.tenant.host, token })).json.max_cancellations_per_day).toEqual({ value: "5" });
    const bad = await ctx.call("/administrator/settings", { method: "PUT", host: w.tenant.host, token, body: { max_cancellations_per_day: "0" } });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toContain("El máximo de cancelaciones por alumno y día");
    const ok = await ctx.call("/administrator/settings", { method: "PUT", host: w.tenant.host, token, body: { max_cancellations_per_day: "8" } });
    expect(ok.status).toBe(200);
    expect(ok.json.max_cancellations_per_day).toEqual({ value: "8" });
  });
});

describe("an administrator acting as the student", () => {
  it("books, cancels and asks for cancellation as the student; the row names the administrator and staff see it", async () => {
    const w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * 3600 });
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Gómez" });
    const acting = await tokenFor(w.student, w.tenant, admin.id);
    const booked = await ctx.call("/student/reservations", {
      method: "POST",
      host: w.tenant.host,
      token: acting,
      body: { instructorId: w.instructor.id, licenseId: w.license.id, slots: [localSlot(4, 10), localSlot(5, 10)] },
    });
    expect(booked.status).toBe(201);
    const [first, second] = booked.json.reservations as Reservation[];
    const cancelled = await ctx.call(`/student/reservations/${first!.id}/cancel`, { method: "POST", host: w.tenant.host, token: acting });
    expect(cancelled.status).toBe(200);
    const row = await ctx.db.select().from(reservations).where(eq(reservations.id, first!.id));
    expect(row[0]).toMatchObject({ studentId: w.student.id, actedById: admin.id, cancellationActedById: admin.id, status: "cancelled" });
    const audit = await ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, actingAsId: auditLog.actingAsId })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.targetId, first!.id)));
    expect(audit).toEqual(expect.arrayContaining([{ action: "reservations.cancelled", actorId: admin.id, actingAsId: w.student.id }]));

    // The student's own action names no administrator.
    await ctx.call(`/student/reservations/${second!.id}/cancel`, { method: "POST", host: w.tenant.host, token: w.studentToken });
    const own = await ctx.db.select().from(reservations).where(eq(reservations.id, second!.id));
    expect(own[0]).toMatchObject({ actedById: admin.id, cancellationActedById: null });

    const list = await ctx.call("/instructor/reservations?scope=all", { host: w.tenant.host, token: w.instructorToken });
    const seen = (list.json as InstructorReservation[]).find((r) => r.id === first!.id)!;
    expect(seen).toMatchObject({ actedBy: "Ana Gómez", cancellationActedBy: "Ana Gómez" });
  });

  it("asks for the cancellation of a confirmed lesson, recorded as acted by the administrator", async () => {
    const w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * 3600 });
    const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Gómez" });
    const r = await insertReservation(ctx.db, w, localSlot(6, 10), "confirmed");
    const res = await ctx.call(`/student/reservations/${r.id}/request-cancellation`, {
      method: "POST",
      host: w.tenant.host,
      token: await tokenFor(w.student, w.tenant, admin.id),
      body: { reason: "Llamó por teléfono" },
    });
    expect(res.status).toBe(200);
    const list = await ctx.call("/instructor/reservations?scope=pending", { host: w.tenant.host, token: w.instructorToken });
    expect(list.json[0]).toMatchObject({ id: r.id, hasCancellationRequest: true, actedBy: null, cancellationActedBy: "Ana Gómez" });
  });
});
