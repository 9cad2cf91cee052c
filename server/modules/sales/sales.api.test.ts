import { cashReportSchema, officeContactSchema, saleListSchema, saleSchema, schoolDetailsSchema } from "@/lib/contract/sales";
import { deskStudentDetailSchema } from "@/lib/contract/balance";
import { localDate } from "@/lib/time/zoned-time";
import { listAudit } from "@/server/modules/audit/audit.repository";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { pdfText } from "@/tests/fixtures/pdf-text";
import { addStudent, createBookingWorld, ledgerViolations, TZ, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { createProducts, HOUR } from "@/tests/fixtures/shop-factories";

jest.setTimeout(120_000);

let ctx: ApiContext;
let w: BookingWorld;
let products: Awaited<ReturnType<typeof createProducts>>;
let adminToken: string;
const year = () => localDate(Date.now(), TZ).slice(0, 4);

beforeAll(async () => {
  ctx = await createApiContext();
});
beforeEach(async () => {
  w = await createBookingWorld(ctx.db, { balanceSeconds: 2 * HOUR });
  products = await createProducts(ctx.db, w.tenant);
  const admin = await createUser(ctx.db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"], firstName: "Ana", surname1: "Torres" });
  adminToken = await tokenFor(admin, w.tenant);
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.db)).toEqual([]);
});
afterAll(() => ctx.close());

const api = (path: string, o: { token?: string; method?: string; body?: unknown; host?: string } = {}) =>
  ctx.call(path, { host: o.host ?? w.tenant.host, token: o.token ?? adminToken, method: o.method, body: o.body });
const sell = (body: Record<string, unknown>, o: { token?: string; host?: string } = {}) =>
  api("/administrator/sales", { ...o, method: "POST", body: { studentId: w.student.id, productId: products.fiveHours.id, quantity: 1, paymentMethod: "cash", amountTakenCents: 16500, ...body } });
const balanceOf = async (token = w.studentToken) => (await api("/student/balance", { token })).json.timeBalanceSeconds;
const pdfOf = async (path: string, token: string, host = w.tenant.host) => {
  const res = await ctx.app.request(`/api${path}`, { headers: { host, authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe("selling at the desk", () => {
  it("sells a pack at the catalogue price: one ledger movement naming the sale, a numbered receipt, audited", async () => {
    const res = await sell({ quantity: 2, amountTakenCents: 33000 });
    expect(res.status).toBe(201);
    const sale = saleSchema.parse(res.json);
    expect(sale).toMatchObject({
      receipt: `${year()}-000001`,
      student: { id: w.student.id, name: "Lucía Martín" },
      product: { id: products.fiveHours.id, title: "Pack 5 horas" },
      quantity: 2,
      listTotalCents: 33000,
      totalCents: 33000,
      discountReason: null,
      paymentMethod: "cash",
      changeCents: 0,
      credit: { mode: "time", amount: 10 * HOUR },
      soldBy: "Ana Torres",
    });
    expect(await balanceOf()).toBe(12 * HOUR);

    // The office's view of the student: one movement, the sale's, whose reason names the receipt.
    const detail = deskStudentDetailSchema.parse((await api(`/administrator/balances/students/${w.student.id}`)).json);
    const movement = detail.movements.find((m) => m.id === sale.movementId);
    expect(movement).toMatchObject({ operation: "top-up", description: "recarga_admin", secondsAmount: 10 * HOUR, secondsAmountAfter: 12 * HOUR });
    expect(movement!.reason).toContain(`justificante ${sale.receipt}`);
    expect(detail.movements.filter((m) => m.date >= sale.date)).toHaveLength(1);

    const [audit] = await listAudit(ctx.db, w.tenant.id, "desk_sale.created");
    expect(audit).toMatchObject({ targetId: w.student.id, details: expect.objectContaining({ receipt: sale.receipt, totalCents: 33000, paymentMethod: "cash" }) });
  });

  it("sells for less only with the discount's reason, never for more than the catalogue price", async () => {
    const noReason = await sell({ totalCents: 15000, amountTakenCents: 15000 });
    expect(noReason.status).toBe(422);
    expect(noReason.json).toMatchObject({ error: "VALIDATION_ERROR", message: "Indica el motivo del descuento", issues: [{ path: "discountReason" }] });
    const blank = await sell({ totalCents: 15000, amountTakenCents: 15000, discountReason: "   " });
    expect(blank.json).toMatchObject({ error: "VALIDATION_ERROR", issues: [{ path: "discountReason" }] });
    const above = await sell({ totalCents: 17000, amountTakenCents: 17000, discountReason: "Error" });
    expect(above.json).toMatchObject({ error: "VALIDATION_ERROR", message: "El precio con descuento no puede superar el precio de catálogo", issues: [{ path: "totalCents" }] });
    expect(await balanceOf()).toBe(2 * HOUR);

    const ok = await sell({ totalCents: 15000, amountTakenCents: 15000, discountReason: "Promoción de otoño", paymentMethod: "bizum" });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ totalCents: 15000, listTotalCents: 16500, discountReason: "Promoción de otoño", paymentMethod: "bizum", credit: { amount: 5 * HOUR } });
    // The refused attempts took no number.
    expect(ok.json.receipt).toBe(`${year()}-000001`);
  });

  it("takes at least the total in cash (giving change) and exactly the total by card, transfer or Bizum", async () => {
    const short = await sell({ amountTakenCents: 16000 });
    expect(short.json).toMatchObject({ error: "VALIDATION_ERROR", message: "El importe entregado no cubre el total de la venta", issues: [{ path: "amountTakenCents" }] });
    for (const paymentMethod of ["card", "transfer", "bizum"]) {
      const wrong = await sell({ paymentMethod, amountTakenCents: 17000 });
      expect(wrong.status).toBe(422);
      expect(wrong.json.issues).toEqual([expect.objectContaining({ path: "amountTakenCents" })]);
    }
    const cash = await sell({ amountTakenCents: 20000 });
    expect(cash.json).toMatchObject({ totalCents: 16500, amountTakenCents: 20000, changeCents: 3500 });
    const card = await sell({ paymentMethod: "card", amountTakenCents: 16500 });
    expect(card.status).toBe(201);
    expect(await balanceOf()).toBe(12 * HOUR);
  });

  it.each([
    [{ paymentMethod: undefined }, 400, "MISSING_REQUIRED_FIELDS", "paymentMethod"],
    [{ paymentMethod: "cheque" }, 422, "VALIDATION_ERROR", "paymentMethod"],
    [{ quantity: 0 }, 422, "VALIDATION_ERROR", "quantity"],
    [{ quantity: 1.5 }, 422, "VALIDATION_ERROR", "quantity"],
    [{ amountTakenCents: -1 }, 422, "VALIDATION_ERROR", "amountTakenCents"],
    [{ amountTakenCents: "165" }, 422, "VALIDATION_ERROR", "amountTakenCents"],
    [{ totalCents: 0, discountReason: "Regalo" }, 422, "VALIDATION_ERROR", "totalCents"],
    [{ studentId: "no-es-un-id" }, 422, "VALIDATION_ERROR", "studentId"],
    [{ discount: 10 }, 422, "VALIDATION_ERROR", ""],
  ])("refuses %j with %i %s", async (body, status, error, path) => {
    const res = await sell(body);
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ error, issues: expect.arrayContaining([expect.objectContaining({ path })]) });
    expect(await balanceOf()).toBe(2 * HOUR);
  });

  it("sells only the school's products on sale for its balance mode, to its own students", async () => {
    expect((await sell({ productId: products.retired.id })).json).toMatchObject({ error: "PRODUCT_NOT_AVAILABLE" });
    expect((await sell({ productId: products.fifty.id, amountTakenCents: 5000 })).json).toMatchObject({ error: "PRODUCT_NOT_AVAILABLE" });
    const other = await createBookingWorld(ctx.db);
    const theirs = await createProducts(ctx.db, other.tenant);
    expect((await sell({ productId: theirs.fiveHours.id })).status).toBe(404);
    expect((await sell({ studentId: other.student.id })).status).toBe(404);
    expect((await sell({ studentId: w.instructor.id })).status).toBe(404);
    // The office's product list is the shop's, for the school's mode.
    const list = (await api("/administrator/sales/products")).json as Array<{ title: string }>;
    expect(list.map((p) => p.title)).toEqual(["Pack 1 hora", "Pack 5 horas"]);
  });

  it("is the office's: students and instructors are refused", async () => {
    expect((await sell({}, { token: w.studentToken })).status).toBe(403);
    expect((await sell({}, { token: w.instructorToken })).status).toBe(403);
    expect((await api("/administrator/sales/report", { token: w.instructorToken })).status).toBe(403);
    expect(await balanceOf()).toBe(2 * HOUR);
  });

  it("sells in a money-mode school: euros added to the balance", async () => {
    const money = await createBookingWorld(ctx.db, { balanceSeconds: 0, settings: { balance_mode: "money" } });
    const own = await createProducts(ctx.db, money.tenant);
    const admin = await createUser(ctx.db, money.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const res = await api("/administrator/sales", {
      host: money.tenant.host,
      token: await tokenFor(admin, money.tenant),
      method: "POST",
      body: { studentId: money.student.id, productId: own.hundred.id, quantity: 1, paymentMethod: "transfer", amountTakenCents: 10000 },
    });
    expect(res.json).toMatchObject({ receipt: `${year()}-000001`, credit: { mode: "money", amount: 10000 } });
    expect((await api("/student/balance", { host: money.tenant.host, token: money.studentToken })).json.moneyBalanceCents).toBe(10000);
  });
});

describe("receipts", () => {
  it("the office downloads any receipt of its school; the student only their own; another school's is not found", async () => {
    await api("/administrator/school-details", { method: "PUT", body: { legalName: "Volante Formación S.L.", taxId: "B12345674", address: "Calle Mayor 1, Madrid", phone: "912345678", officeHours: "L-V 9:00-14:00" } });
    const sale = saleSchema.parse((await sell({ totalCents: 15000, amountTakenCents: 20000, discountReason: "Promoción" })).json);
    const other = await addStudent(ctx.db, w, 0);
    const theirs = saleSchema.parse((await sell({ studentId: other.student.id })).json);

    const office = await pdfOf(`/administrator/sales/${sale.id}/receipt`, adminToken);
    expect(office).toMatchObject({ status: 200, type: "application/pdf", disposition: `attachment; filename="justificante-${sale.receipt}.pdf"` });
    const text = await pdfText(office.bytes);
    for (const expected of ["Justificante de pago", sale.receipt, "Volante Formación S.L.", "NIF: B12345674", "Calle Mayor 1, Madrid", "Lucía Martín (12345678Z)", "Descuento: Promoción", "150,00 €", "Efectivo", "50,00 €"]) {
      expect(text).toContain(expected);
    }

    const own = await pdfOf(`/student/receipts/${sale.id}`, w.studentToken);
    expect(own.status).toBe(200);
    expect(await pdfText(own.bytes)).toContain(sale.receipt);
    expect((await pdfOf(`/student/receipts/${theirs.id}`, w.studentToken)).status).toBe(404);
    expect((await pdfOf(`/student/receipts/${sale.id}`, adminToken)).status).toBe(403);

    // The student's list holds their own receipts only.
    const list = saleListSchema.parse((await api("/student/receipts", { token: w.studentToken })).json);
    expect(list.map((s) => s.receipt)).toEqual([sale.receipt]);

    const elsewhere = await createBookingWorld(ctx.db);
    const theirAdmin = await createUser(ctx.db, elsewhere.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    expect((await pdfOf(`/administrator/sales/${sale.id}/receipt`, await tokenFor(theirAdmin, elsewhere.tenant), elsewhere.tenant.host)).status).toBe(404);
    expect((await pdfOf(`/administrator/sales/00000000-0000-4000-8000-000000000000/receipt`, adminToken)).status).toBe(404);
  });

  it("numbers receipts per school, with no gaps and no repeats under concurrent sales", async () => {
    const others = await Promise.all([addStudent(ctx.db, w, 0), addStudent(ctx.db, w, 0), addStudent(ctx.db, w, 0)]);
    const students = [w.student.id, ...others.map((o) => o.student.id)];
    // Every fourth sale is refused (cash short): it must not take a number.
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => sell({ studentId: students[i % students.length], amountTakenCents: i % 4 === 3 ? 100 : 16500 })),
    );
    expect(results.filter((r) => r.status === 422)).toHaveLength(6);
    const numbers = results.filter((r) => r.status === 201).map((r) => Number(String(r.json.receipt).split("-")[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));

    // Another school starts its own sequence.
    const second = await createBookingWorld(ctx.db, { balanceSeconds: 0 });
    const own = await createProducts(ctx.db, second.tenant);
    const admin = await createUser(ctx.db, second.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
    const res = await api("/administrator/sales", {
      host: second.tenant.host,
      token: await tokenFor(admin, second.tenant),
      method: "POST",
      body: { studentId: second.student.id, productId: own.oneHour.id, quantity: 1, paymentMethod: "card", amountTakenCents: 3500 },
    });
    expect(res.json.receipt).toBe(`${year()}-000001`);
  });
});

describe("the cash report", () => {
  it("totals the day's sales by payment method and lists them; another day is empty", async () => {
    await sell({ quantity: 2, amountTakenCents: 40000 });
    await sell({ paymentMethod: "card", amountTakenCents: 16500 });
    await sell({ productId: products.oneHour.id, paymentMethod: "bizum", amountTakenCents: 3000, totalCents: 3000, discountReason: "Antiguo alumno" });
    const today = localDate(Date.now(), TZ);
    const report = cashReportSchema.parse((await api(`/administrator/sales/report?date=${today}`)).json);
    expect(report).toMatchObject({ date: today, totalCents: 33000 + 16500 + 3000, count: 3 });
    expect(report.byMethod).toEqual([
      { method: "cash", totalCents: 33000, count: 1 },
      { method: "card", totalCents: 16500, count: 1 },
      { method: "transfer", totalCents: 0, count: 0 },
      { method: "bizum", totalCents: 3000, count: 1 },
    ]);
    const list = saleListSchema.parse((await api(`/administrator/sales?date=${today}`)).json);
    expect(list.map((s) => s.paymentMethod)).toEqual(["bizum", "card", "cash"]);
    expect((await api("/administrator/sales/report")).json).toMatchObject({ date: today, count: 3 });

    expect((await api("/administrator/sales/report?date=2020-01-01")).json).toMatchObject({ totalCents: 0, count: 0 });
    expect((await api("/administrator/sales?date=2020-01-01")).json).toEqual([]);
    const bad = await api("/administrator/sales/report?date=2026-02-30");
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ error: "VALIDATION_ERROR", issues: [{ path: "date" }] });
  });

  it("pages the day's list with a cursor", async () => {
    for (let i = 0; i < 3; i++) await sell({});
    const first = await api("/administrator/sales?limit=2");
    expect(first.json).toHaveLength(2);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const rest = await api(`/administrator/sales?limit=2&cursor=${cursor}`);
    expect(rest.json).toHaveLength(1);
    expect(new Set([...first.json, ...rest.json].map((s: { id: string }) => s.id)).size).toBe(3);
  });
});

describe("the school's details", () => {
  it("are saved normalised, audited, and a student sees the office's hours and phone", async () => {
    expect(schoolDetailsSchema.parse((await api("/administrator/school-details")).json)).toEqual({ legalName: "", taxId: "", address: "", phone: null, officeHours: "" });
    const res = await api("/administrator/school-details", {
      method: "PUT",
      body: { legalName: "Volante Formación S.L.", taxId: "b-12345674", address: "Calle Mayor 1", phone: "912 34 56 78", officeHours: "L-V 9:00-14:00 y 16:00-20:00" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ legalName: "Volante Formación S.L.", taxId: "B12345674", address: "Calle Mayor 1", phone: "+34912345678", officeHours: "L-V 9:00-14:00 y 16:00-20:00" });
    const [audit] = await listAudit(ctx.db, w.tenant.id, "school_details.updated");
    expect(audit!.details).toMatchObject({ changes: { taxId: { from: "", to: "B12345674" } } });

    const contact = officeContactSchema.parse((await api("/student/office-contact", { token: w.studentToken })).json);
    expect(contact).toMatchObject({ phone: "+34912345678", officeHours: "L-V 9:00-14:00 y 16:00-20:00", address: "Calle Mayor 1" });
  });

  it.each([
    [{ taxId: "B12345675" }, "taxId"],
    [{ phone: "12345" }, "phone"],
    [{ legalName: "x".repeat(201) }, "legalName"],
  ])("refuses %j", async (change, path) => {
    const res = await api("/administrator/school-details", { method: "PUT", body: { legalName: "", taxId: "", address: "", phone: null, officeHours: "", ...change } });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "VALIDATION_ERROR", issues: [expect.objectContaining({ path })] });
  });

  it("are the office's to change", async () => {
    const body = { legalName: "X", taxId: "", address: "", phone: null, officeHours: "" };
    expect((await api("/administrator/school-details", { method: "PUT", body, token: w.studentToken })).status).toBe(403);
    expect((await api("/administrator/school-details", { token: w.instructorToken })).status).toBe(403);
    expect((await api("/student/office-contact", { token: w.instructorToken })).status).toBe(403);
  });
});

describe("the receipt counter", () => {
  it("gives a rolled-back sale's number back: committed numbers stay contiguous", async () => {
    const { takeReceiptNumber } = await import("./sales.repository");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          const n = await takeReceiptNumber(tx, w.tenant.id, 2099);
          if (i % 3 === 0) throw new Error("rolled back");
          return n;
        }),
      ),
    );
    const committed = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : [])).sort((a, b) => a - b);
    expect(committed).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
