import { deskStudentDetailSchema, deskStudentListSchema } from "@/lib/contract/balance";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { createBookingWorld, ledgerViolations, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { HOUR } from "@/tests/fixtures/shop-factories";

jest.setTimeout(60_000);

let ctx: ApiContext;
let w: BookingWorld;
let adminToken: string;
let adminName: string;

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 2 * HOUR });
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Torres" });
  adminToken = await tokenFor(admin, w.tenant);
  adminName = "Ana Torres";
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const desk = (path: string, token = adminToken, method = "GET", body?: unknown, host = w.tenant.host) =>
  ctx.call(`/administrator/balances/students${path}`, { host, token, method, body });
const adjust = (body: unknown, id = w.student.id, token = adminToken) => desk(`/${id}/adjustments`, token, "POST", body);

describe("the school's balance desk", () => {
  it("finds students by name or DNI, with their balance; instructors are not students", async () => {
    const list = deskStudentListSchema.parse((await desk("?search=marti")).json);
    expect(list).toEqual([expect.objectContaining({ id: w.student.id, name: "Lucía Martín", balance: { balanceMode: "time", timeBalanceSeconds: 2 * HOUR, moneyBalanceCents: null } })]);
    expect((await desk("?search=12345678")).json).toHaveLength(1);
    expect((await desk("?search=Ruiz")).json).toEqual([]);
    expect((await desk("?search=%25")).json).toEqual([]);
  });

  it("adds balance with a reason: a 'Compra de saldo' movement, the reason and the author, audited", async () => {
    const res = await adjust({ operation: "top-up", amount: 90 * 60, reason: "Pago en efectivo en la oficina" });
    expect(res.status).toBe(201);
    const detail = deskStudentDetailSchema.parse(res.json);
    expect(detail.student.balance.timeBalanceSeconds).toBe(2 * HOUR + 90 * 60);
    expect(detail.movements[0]).toMatchObject({ operation: "top-up", description: "recarga_admin", secondsAmount: 5400, reason: "Pago en efectivo en la oficina", actorName: adminName });
    const audit = await listAudit(ctx.db, w.tenant.id, "balance.adjusted");
    expect(audit[0]).toMatchObject({ targetId: w.student.id, details: expect.objectContaining({ amount: 5400, operation: "top-up", reason: "Pago en efectivo en la oficina" }) });
    // The student sees it in their own history.
    const history = await ctx.call("/student/balance/history", { host: w.tenant.host, token: w.studentToken });
    expect(history.json[0]).toMatchObject({ description: "recarga_admin", secondsAmount: 5400 });
  });

  it("deducts balance as 'Consumo de saldo', and never below zero", async () => {
    const res = await adjust({ operation: "consumption", amount: HOUR, reason: "Corrección de una práctica" });
    expect(res.status).toBe(201);
    expect(res.json.movements[0]).toMatchObject({ operation: "consumption", description: "consumo_admin", secondsAmount: HOUR, secondsAmountAfter: HOUR });

    const tooMuch = await adjust({ operation: "consumption", amount: HOUR + 1, reason: "Demasiado" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json).toEqual({ error: "INSUFFICIENT_BALANCE", message: "El ajuste dejaría el saldo por debajo de cero" });
    const after = deskStudentDetailSchema.parse((await desk(`/${w.student.id}`)).json);
    expect(after.student.balance.timeBalanceSeconds).toBe(HOUR);
    expect(after.movements).toHaveLength(2);
    expect(await listAudit(ctx.db, w.tenant.id, "balance.adjusted")).toHaveLength(1);
  });

  it("works in euros for a money-mode school", async () => {
    const money = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money" } });
    const admin = await createUser(ctx.db, money.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const token = await tokenFor(admin, money.tenant);
    const res = await desk(`/${money.student.id}/adjustments`, token, "POST", { operation: "top-up", amount: 2550, reason: "Bono regalo" }, money.tenant.host);
    expect(res.json.student.balance).toEqual({ balanceMode: "money", timeBalanceSeconds: null, moneyBalanceCents: 2550 });
  });

  it.each([
    ["a zero amount", { operation: "top-up", amount: 0, reason: "Motivo" }, 422],
    ["a fractional amount", { operation: "top-up", amount: 1.5, reason: "Motivo" }, 422],
    ["an unknown operation", { operation: "gift", amount: 60, reason: "Motivo" }, 422],
    ["a missing reason", { operation: "top-up", amount: 60 }, 400],
    ["a blank reason", { operation: "top-up", amount: 60, reason: "   " }, 422],
  ])("refuses %s", async (_name, body, status) => {
    expect((await adjust(body)).status).toBe(status);
  });

  it("is for administrators: students and instructors get 403", async () => {
    expect((await desk("", w.studentToken)).status).toBe(403);
    expect((await desk(`/${w.student.id}`, w.instructorToken)).status).toBe(403);
    expect((await adjust({ operation: "top-up", amount: 60, reason: "Motivo" }, w.student.id, w.studentToken)).status).toBe(403);
  });

  it("another school's student, an instructor or an unknown id is 404", async () => {
    const other = await createBookingWorld(ctx.db);
    for (const id of [other.student.id, w.instructor.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await desk(`/${id}`)).status).toBe(404);
      expect((await adjust({ operation: "top-up", amount: 60, reason: "Motivo" }, id)).status).toBe(404);
    }
    expect((await ctx.call("/student/balance", { host: other.tenant.host, token: other.studentToken })).json.timeBalanceSeconds).toBe(10 * HOUR);
  });
});
