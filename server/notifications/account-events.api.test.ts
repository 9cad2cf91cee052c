import { eq } from "drizzle-orm";
import { formatMoney } from "@/lib/format/money";
import { examAttendances, exams } from "@/server/db/schema/exams";
import { orders } from "@/server/db/schema/shop";
import { vehicles } from "@/server/db/schema/reservations";
import { setStripeApiTarget } from "@/server/payments/stripe-gateway";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { notificationsOf } from "@/tests/fixtures/notification-factories";
import { HOUR, TZ, addStudent, createBookingWorld, insertReservation, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { configureStripe, createProducts, sendWebhook } from "@/tests/fixtures/shop-factories";
import { startStripeStandIn, type StripeStandIn } from "@/tests/fixtures/stripe-stand-in";
import { createExam, registerBody, slotPath } from "../modules/exams/exam-fixtures";
import { instantWhen, lessonWhen } from "./format";

// Practices, exams, balances and card payments (issue 29): each change tells the person it concerns, in its own
// transaction; a refused change tells nothing.
jest.setTimeout(180_000);

let ctx: ApiContext;
let stripe: StripeStandIn;
let w: BookingWorld;
let admin: { id: string; token: string };

beforeAll(async () => {
  [ctx, stripe] = await Promise.all([createApiContext(), startStripeStandIn()]);
  setStripeApiTarget({ host: stripe.host, port: stripe.port, protocol: stripe.protocol });
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db);
  const user = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  admin = { id: user.id, token: await tokenFor(user, w.tenant) };
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), stripe.close()]);
});

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const call = (path: string, token: string, method = "POST", body?: unknown) => ctx.call(path, { method, host: w.tenant.host, token, body });
const kinds = async (userId: string) => (await notificationsOf(ctx.db, userId)).map((n) => n.kind);

describe("a practice finished", () => {
  it("tells the student the kilometres, with a link to the practice", async () => {
    const [vehicle] = await ctx.db.insert(vehicles).values({ tenantId: w.tenant.id, plate: `${Math.random()}`.slice(2, 9), licenseId: w.license.id }).returning();
    const start = new Date(Date.now() - 2 * HOUR * 1000);
    const r = await insertReservation(ctx.db, w, { start: start.toISOString(), end: new Date(start.getTime() + HOUR * 1000).toISOString() }, "confirmed");
    const body = { reservationId: r.id, vehicleId: vehicle!.id, kmStart: 1000, kmEnd: 1035, observations: "", studentSignature: PNG, instructorSignature: PNG };
    const res = await call("/instructor/practices", w.instructorToken, "POST", body);
    expect(res.status).toBe(201);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({
        kind: "practice-finished",
        category: "practices",
        title: "Práctica registrada",
        body: `Carlos Ruiz ha registrado tu práctica del ${lessonWhen(r.startAt, r.endAt, new Date(), TZ)}: 35 km.`,
        link: `/student/practices/history?practice=${res.json.id}`,
      }),
    ]);
    // Finished twice: refused, and told once.
    expect((await call("/instructor/practices", w.instructorToken, "POST", body)).status).toBe(409);
    expect(await notificationsOf(ctx.db, w.student.id)).toHaveLength(1);
  });
});

describe("exams", () => {
  it("a registration, a promotion from the reserve list and a published result reach the student", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const [exam] = await ctx.db.select().from(exams).where(eq(exams.id, f.examId));
    const date = instantWhen(exam!.date, new Date(), TZ);
    const second = await addStudent(ctx.db, w);
    expect((await call("/student/exam-attendance", w.studentToken, "POST", registerBody(f))).status).toBe(201);
    expect((await call(`${slotPath(f)}/backup-attendance`, second.token)).status).toBe(201);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({ kind: "exam-registered", category: "exams", title: "Inscripción en examen", body: `Estás inscrito en el examen Circulación de B del ${date}.`, link: "/student/exams/upcoming" }),
    ]);
    expect(await kinds(second.student.id)).toEqual([]);
    // The first one withdraws: the reserve list's first moves up and is told.
    expect((await ctx.call(`${slotPath(f)}/attendance`, { method: "DELETE", host: w.tenant.host, token: w.studentToken })).status).toBe(200);
    expect(await notificationsOf(ctx.db, second.student.id)).toEqual([
      expect.objectContaining({
        kind: "exam-promoted",
        title: "Tienes plaza en el examen",
        body: `Has salido de la lista de reserva: estás inscrito en el examen Circulación de B del ${date}.`,
      }),
    ]);
    // The result, once the exam is held; recording 'Pendiente' or the same result again tells nothing.
    const ago = (hours: number) => new Date(Date.now() - hours * HOUR * 1000);
    await ctx.db.update(exams).set({ inscriptionsOpening: ago(3), inscriptionsClosing: ago(2), date: ago(1) }).where(eq(exams.id, f.examId));
    const [attendance] = await ctx.db.select().from(examAttendances).where(eq(examAttendances.studentId, second.student.id));
    const result = (value: number) => call(`/administrator/exam-attendances/${attendance!.id}/result`, admin.token, "POST", { result: value });
    expect((await result(0)).status).toBe(200);
    expect((await result(3)).status).toBe(200);
    expect((await result(3)).status).toBe(200);
    expect((await notificationsOf(ctx.db, second.student.id)).slice(1)).toEqual([
      expect.objectContaining({ kind: "exam-result", title: "Resultado de examen", body: expect.stringMatching(/^Examen Circulación de B del .+: Apto\.$/), link: "/student/exams/results" }),
    ]);
  });

  it("a registration by the office tells the student; a refused one does not", async () => {
    const f = await createExam(ctx.db, w.tenant, w.license, { places: 1 });
    const other = await addStudent(ctx.db, w);
    const register = (studentId: string) => call(`/administrator/exam-slots/${f.slotId}/registrations`, admin.token, "POST", { studentId });
    expect((await register(w.student.id)).status).toBe(201);
    expect((await register(other.student.id)).status).toBe(409);
    expect(await kinds(w.student.id)).toEqual(["exam-registered"]);
    expect(await kinds(other.student.id)).toEqual([]);
  });
});

describe("balances", () => {
  const adjust = (operation: "top-up" | "consumption", amount: number) =>
    call(`/administrator/balances/students/${w.student.id}/adjustments`, admin.token, "POST", { operation, amount, reason: "Ajuste de prueba" });

  it("the desk: a credit is told with the new balance; a deduction below one lesson is told as a low balance", async () => {
    expect((await adjust("top-up", 2 * HOUR)).status).toBe(201);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({
        kind: "balance-credited",
        category: "balance",
        title: "Saldo recargado",
        body: "Se han añadido 2h a tu saldo en la autoescuela. Saldo actual: 12h.",
        link: "/student/balance/history",
      }),
    ]);
    expect((await adjust("consumption", 11 * HOUR)).status).toBe(201);
    expect((await adjust("consumption", 2 * HOUR)).status).toBe(422);
    expect((await adjust("consumption", 30 * 60)).status).toBe(201);
    expect((await notificationsOf(ctx.db, w.student.id)).map((n) => n.body)).toEqual([
      "Se han añadido 2h a tu saldo en la autoescuela. Saldo actual: 12h.",
      "Te quedan 30m de saldo, menos de una clase. Recarga para seguir reservando.",
    ]);
  });

  it("a card payment: credited is told to the student; failed is told to the office, once per payment", async () => {
    const products = await createProducts(ctx.db, w.tenant);
    const keys = await configureStripe(ctx.db, w.tenant);
    const pay = async () => {
      const orderId = (await call("/shop/order", w.studentToken, "POST", { items: [{ productId: products.fiveHours.id, quantity: 1 }] })).json.id;
      const { clientSecret } = (await call("/shop/order/payment", w.studentToken, "POST", { orderId })).json;
      return { orderId, intent: [...stripe.intents.values()].find((i) => i.client_secret === clientSecret)! };
    };
    const deliver = (event: unknown) => sendWebhook(ctx, w.tenant.host, event, { secret: keys.webhookSecret });

    const failing = await pay();
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, failing.orderId));
    expect((await deliver(stripe.event("payment_intent.payment_failed", stripe.setStatus(failing.intent.id, "requires_payment_method")))).status).toBe(200);
    expect((await deliver(stripe.event("payment_intent.payment_failed", stripe.setStatus(failing.intent.id, "requires_payment_method")))).status).toBe(200);
    expect(await notificationsOf(ctx.db, admin.id)).toEqual([
      expect.objectContaining({
        kind: "payment-failed",
        title: "Pago con tarjeta fallido",
        body: `No se ha completado el pago de ${formatMoney(order!.totalCents)} de Lucía Martín.`,
        link: `/administrator/balances?student=${w.student.id}`,
      }),
    ]);
    expect(await kinds(w.student.id)).toEqual([]);

    const paying = await pay();
    expect((await deliver(stripe.event("payment_intent.succeeded", stripe.setStatus(paying.intent.id, "succeeded")))).status).toBe(200);
    expect(await notificationsOf(ctx.db, w.student.id)).toEqual([
      expect.objectContaining({ kind: "balance-credited", body: "Se han añadido 5h a tu saldo con tarjeta. Saldo actual: 15h." }),
    ]);
    // Stripe's retry of the same event credits nothing and tells nothing more.
    expect((await deliver(stripe.event("payment_intent.succeeded", stripe.setStatus(paying.intent.id, "succeeded")))).status).toBe(200);
    expect(await notificationsOf(ctx.db, w.student.id)).toHaveLength(1);
  });
});
