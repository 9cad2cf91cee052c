import { and, eq } from "drizzle-orm";
import { officeHomeSchema, type OfficeHome } from "@/lib/contract/office-home";
import { instructorReservationSchema } from "@/lib/contract/instructor";
import { localToUtc } from "@/lib/time/zoned-time";
import { auditLog, users } from "@/server/db/schema/core";
import { examSlots, exams } from "@/server/db/schema/exams";
import { balances, reservations } from "@/server/db/schema/reservations";
import { balanceAdjustments, orders } from "@/server/db/schema/shop";
import { changeBalance } from "@/server/modules/balance/balance.service";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createCourse, createSection, createSession, enroll } from "@/tests/fixtures/cap-factories";
import { createTenant, createUser, tokenFor } from "@/tests/fixtures/factories";
import { notificationsOf } from "@/tests/fixtures/notification-factories";
import {
  HOUR,
  addStudent,
  assign,
  createBookingWorld,
  insertReservation,
  ledgerViolations,
  localSlot,
  type BookingWorld,
} from "@/tests/fixtures/reservation-factories";
import { getOfficeHome } from "./office-home.service";

jest.setTimeout(60_000);

// The office's home (issue 31 §1): the route for its shape and who may read it, the service at a frozen `now` for the
// day's and the week's edges; and the office acting on any instructor's reservation.

let ctx: ApiContext;
let w: BookingWorld;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 100 * HOUR });
  admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Oficina" });
  adminToken = await tokenFor(admin, w.tenant);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const TZ = "Europe/Madrid";
// Wednesday 12 June 2030, 09:00 in Madrid: the week runs from Monday 10 to Sunday 16.
const madrid = (date: string, hour: number, minute = 0) => new Date(localToUtc(date, hour * 60 + minute, TZ));
const slot = (date: string, hour: number, hours = 1) => {
  const start = madrid(date, hour);
  return { start: start.toISOString(), end: new Date(start.getTime() + hours * HOUR * 1000).toISOString() };
};
const NOW = madrid("2030-06-12", 9);
const homeAt = async (now = NOW): Promise<OfficeHome> => officeHomeSchema.parse(await getOfficeHome(ctx.db, w.tenant, now));
const ids = (list: { id: string }[]) => list.map((r) => r.id);

async function deskTopUp(studentId: string, seconds: number, at: Date, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const movement = await changeBalance(tx, { tenantId: w.tenant.id, studentId, mode: "time", amount: seconds, operation: "top-up", description: "recarga_admin", actorId: admin.id, at });
    await tx.insert(balanceAdjustments).values({ tenantId: w.tenant.id, studentId, movementId: movement!.id, reason, createdBy: admin.id });
  });
}

describe("GET /api/administrator/home", () => {
  it("answers the office only, in its contract", async () => {
    const res = await ctx.call("/administrator/home", { host: w.tenant.host, token: adminToken });
    expect(res.status).toBe(200);
    expect(officeHomeSchema.safeParse(res.json).success).toBe(true);
    for (const token of [w.instructorToken, w.studentToken]) {
      expect((await ctx.call("/administrator/home", { host: w.tenant.host, token })).status).toBe(403);
    }
    expect((await ctx.call("/administrator/home", { host: w.tenant.host })).status).toBe(401);
  });

  it("shows today's lessons by instructor, and nothing of another day or another school", async () => {
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"], firstName: "Begoña", surname1: "Alonso", phone: "+34612345678" });
    await assign(ctx.db, w.tenant, w.student, second, w.license);
    const carlosLate = await insertReservation(ctx.db, w, slot("2030-06-12", 18), "confirmed");
    const carlosEarly = await insertReservation(ctx.db, w, slot("2030-06-12", 8), "requested");
    const bego = await insertReservation(ctx.db, { ...w, instructor: second }, slot("2030-06-12", 11), "confirmed");
    await insertReservation(ctx.db, w, slot("2030-06-12", 12), "cancelled");
    await insertReservation(ctx.db, w, slot("2030-06-13", 0), "confirmed"); // tomorrow, just after midnight
    const other = await createBookingWorld(ctx.db, { balanceSeconds: 10 * HOUR });
    await insertReservation(ctx.db, other, slot("2030-06-12", 10), "confirmed");

    const home = await homeAt();
    expect(home.date).toBe("2030-06-12");
    expect(home.weekStart).toBe("2030-06-10");
    expect(home.lessonsByInstructor.map((g) => g.instructor)).toEqual([
      { id: second.id, name: "Begoña Alonso", phone: "+34612345678" },
      { id: w.instructor.id, name: "Carlos Ruiz", phone: null },
    ]);
    expect(ids(home.lessonsByInstructor[0]!.lessons)).toEqual([bego.id]);
    expect(ids(home.lessonsByInstructor[1]!.lessons)).toEqual([carlosEarly.id, carlosLate.id]);
    expect(home.lessonsByInstructor[1]!.lessons[0]).toMatchObject({ status: "requested", student: { name: "Lucía Martín" } });
  });

  it("shows every instructor's requests and cancellation requests waiting for a decision, with their count", async () => {
    const second = await createUser(ctx.db, w.tenant, { roles: ["ROLE_INSTRUCTOR"] });
    await assign(ctx.db, w.tenant, w.student, second, w.license);
    const a = await insertReservation(ctx.db, w, slot("2030-06-14", 10), "requested");
    const b = await insertReservation(ctx.db, { ...w, instructor: second }, slot("2030-06-13", 10), "requested");
    const c = await insertReservation(ctx.db, w, slot("2030-06-20", 10), "confirmed", {
      cancellationRequestStatus: "pending",
      cancellationRequestReason: "Tengo médico",
      cancellationRequestedAt: NOW,
    });
    await insertReservation(ctx.db, w, slot("2030-06-21", 10), "confirmed");
    const home = await homeAt();
    expect(ids(home.pendingRequests.items)).toEqual([b.id, a.id]);
    expect(home.pendingRequests.total).toBe(2);
    expect(home.pendingCancellationRequests).toEqual({ items: [expect.objectContaining({ id: c.id, cancellationRequest: expect.objectContaining({ reason: "Tengo médico" }) })], total: 1 });
  });

  it("shows today's CAP sessions and this week's exams", async () => {
    const section = await createSection(ctx.db, w.tenant);
    const course = await createCourse(ctx.db, w.tenant, section, { name: "CAP Viajeros" });
    await enroll(ctx.db, w.tenant, course, [w.student.id]);
    const today = await createSession(ctx.db, w.tenant, course, madrid("2030-06-12", 16), madrid("2030-06-12", 20));
    await createSession(ctx.db, w.tenant, course, madrid("2030-06-13", 16), madrid("2030-06-13", 20));
    const exam = async (date: Date, registered: number) => {
      const [row] = await ctx.db.insert(exams).values({ tenantId: w.tenant.id, date, inscriptionsOpening: new Date(date.getTime() - 20 * 86_400_000), inscriptionsClosing: new Date(date.getTime() - 86_400_000), location: "Centro de exámenes" }).returning();
      await ctx.db.insert(examSlots).values({ tenantId: w.tenant.id, examId: row!.id, examType: 3, licenseId: w.license.id, places: 5, visibleLimit: 5, registeredCount: registered });
      return row!;
    };
    await exam(madrid("2030-06-09", 9), 1); // last Sunday
    const monday = await exam(madrid("2030-06-10", 9), 2);
    const sunday = await exam(madrid("2030-06-16", 23), 3);
    await exam(madrid("2030-06-17", 0), 4); // next Monday
    const home = await homeAt();
    expect(home.capSessions).toEqual([expect.objectContaining({ id: today.id, courseId: course.id, course: "CAP Viajeros", enrolled: 1 })]);
    expect(home.exams).toEqual([
      { id: monday.id, date: monday.date.toISOString(), location: "Centro de exámenes", registered: 2 },
      { id: sunday.id, date: sunday.date.toISOString(), location: "Centro de exámenes", registered: 3 },
    ]);
  });

  it("lists the active students with an instructor whose balance does not pay one lesson, lowest first", async () => {
    // The shortest lesson is an hour by default.
    const empty = await addStudent(ctx.db, w, 0);
    const half = await addStudent(ctx.db, w, HOUR / 2);
    await addStudent(ctx.db, w, HOUR); // exactly one lesson: not low
    const inactive = await addStudent(ctx.db, w, 0);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.student.id));
    await createUser(ctx.db, w.tenant, { roles: ["ROLE_ALUMNO"] }); // no instructor: a CAP student, say
    await ctx.db.update(users).set({ phone: "+34600112233" }).where(eq(users.id, half.student.id));
    const home = await homeAt();
    expect(home.lowBalance.total).toBe(2);
    expect(home.lowBalance.items.map((s) => [s.id, s.balance.timeBalanceSeconds])).toEqual([
      [empty.student.id, 0],
      [half.student.id, HOUR / 2],
    ]);
    expect(home.lowBalance.items[1]!.phone).toBe("+34600112233");
  });

  it("lists today's card payments and desk top-ups, newest first", async () => {
    await deskTopUp(w.student.id, 2 * HOUR, madrid("2030-06-12", 8), "Pago en efectivo");
    await deskTopUp(w.student.id, HOUR, madrid("2030-06-11", 19), "Ayer");
    const [order] = await ctx.db
      .insert(orders)
      .values({ tenantId: w.tenant.id, studentId: w.student.id, status: "paid", totalCents: 7000, creditMode: "time", creditAmount: 2 * HOUR, paidAt: madrid("2030-06-12", 8, 30) })
      .returning();
    await ctx.db.insert(orders).values({ tenantId: w.tenant.id, studentId: w.student.id, status: "pending", totalCents: 3500, creditMode: "time", creditAmount: HOUR });
    const home = await homeAt();
    expect(home.payments).toEqual([
      expect.objectContaining({ id: `card:${order!.id}`, kind: "card", amountCents: 7000, method: "card-online", credit: { mode: "time", amount: 2 * HOUR }, student: { id: w.student.id, name: "Lucía Martín" } }),
      expect.objectContaining({ kind: "desk-top-up", amountCents: null, credit: { mode: "time", amount: 2 * HOUR }, description: "Recarga en oficina: Pago en efectivo", by: "Ana Oficina" }),
    ]);
  });
});

describe("the office decides on any instructor's reservation", () => {
  const act = (id: string, path: string, body: unknown = {}, token = adminToken, host = w.tenant.host) =>
    ctx.call(`/administrator/reservations/${id}/${path}`, { method: "POST", host, token, body });

  it("confirms a request in the instructor's place: the student is told, the activity log names who and when", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(2, 10), "requested");
    const res = await act(r.id, "confirm");
    expect(res.status).toBe(200);
    expect(instructorReservationSchema.parse(res.json)).toMatchObject({ id: r.id, status: "confirmed" });
    const [row] = await ctx.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row).toMatchObject({ status: "confirmed", decidedBy: admin.id });
    expect((await notificationsOf(ctx.db, w.student.id)).map((n) => n.kind)).toContain("reservation-confirmed");
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, "reservations.confirmed")));
    expect(entry).toMatchObject({ actorId: admin.id, targetId: r.id, details: { byOffice: true, student: "Lucía Martín", instructor: "Carlos Ruiz", start: r.startAt.toISOString() } });
    // A second decision finds it decided.
    expect((await act(r.id, "confirm")).json).toMatchObject({ error: "INVALID_RESERVATION_STATUS" });
  });

  it("denies with a refund, and answers cancellation requests with the instructor's rules", async () => {
    const [before] = await ctx.db.select().from(balances).where(eq(balances.studentId, w.student.id));
    const r = await insertReservation(ctx.db, w, localSlot(2, 10), "requested");
    expect((await act(r.id, "deny", { reason: "El coche está en el taller" })).json).toMatchObject({ status: "denied", cancellationReason: "El coche está en el taller" });
    const [after] = await ctx.db.select().from(balances).where(eq(balances.studentId, w.student.id));
    expect(after!.seconds).toBe(before!.seconds);

    const c = await insertReservation(ctx.db, w, localSlot(3, 10), "confirmed", { cancellationRequestStatus: "pending", cancellationRequestReason: "Viaje", cancellationRequestedAt: new Date() });
    expect((await act(c.id, "cancellation-request/reject", {})).status).toBe(400);
    expect((await act(c.id, "cancellation-request/reject", { reason: "Falta menos de un día" })).json).toMatchObject({ status: "confirmed", hasCancellationRequest: false });
  });

  it("is the office's only, and never another school's reservation", async () => {
    const r = await insertReservation(ctx.db, w, localSlot(2, 10), "requested");
    expect((await act(r.id, "confirm", {}, w.instructorToken)).status).toBe(403);
    expect((await act(r.id, "confirm", {}, w.studentToken)).status).toBe(403);
    const other = await createTenant(ctx.db);
    const otherAdmin = await tokenFor(await createUser(ctx.db, other, { roles: ["ROLE_ADMINISTRADOR"] }), other);
    expect((await act(r.id, "confirm", {}, otherAdmin, other.host)).json).toMatchObject({ error: "NOT_FOUND", message: "Reserva no encontrada" });
    expect((await act("not-a-uuid", "confirm")).status).toBe(404);
    const [row] = await ctx.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row!.status).toBe("requested");
  });
});
