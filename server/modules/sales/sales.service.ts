import type { BalanceMode } from "@/lib/contract/config";
import {
  AMOUNT_MUST_MATCH,
  CASH_TOO_LITTLE,
  DISCOUNT_ABOVE_PRICE,
  DISCOUNT_REASON_REQUIRED,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  receiptCode,
} from "@/lib/contract/constants/sales";
import type { CashReport, CreateSaleInput, Sale } from "@/lib/contract/sales";
import type { Product } from "@/lib/contract/shop";
import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";
import { addDays, localDate, localToUtc } from "@/lib/time/zoned-time";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { decodeInstantCursor, instantCursor, pageOf, type Page } from "../../http/cursor";
import { AppError, notFound } from "../../http/errors";
import { onBalanceCredited } from "../../notifications/account-events";
import { recordAudit } from "../audit/audit.repository";
import { changeBalance } from "../balance/balance.service";
import { findStudent, insertAdjustment } from "../balance/desk.repository";
import { getBookingSettings } from "../config/config.service";
import { findProductsByIds } from "../shop/shop.repository";
import { getProducts } from "../shop/shop.service";
import { displayName } from "../users/users.repository";
import { findSale, insertSale, listSalesBetween, listSalesOfStudent, takeReceiptNumber, totalsByMethod, type Range, type SaleView } from "./sales.repository";

// Selling at the desk (issue 31 §3): the office sells one of the school's products to a student, takes the money and
// the balance is credited, with a numbered payment receipt. The office's old 'Ajustar saldo' stays for corrections
// that involve no money (docs/decisions).

const invalid = (message: string, path: string) => new AppError("VALIDATION_ERROR", message, 422, { issues: [{ path, message }] });

export const creditText = (mode: BalanceMode, amount: number) => (mode === "time" ? formatDuration(amount) : formatMoney(amount));

export function toSale(s: SaleView): Sale {
  return {
    id: s.id,
    receipt: receiptCode(s.receiptYear, s.receiptNumber),
    date: s.createdAt.toISOString(),
    student: { id: s.studentId, name: displayName(s.student) },
    product: { id: s.productId, title: s.productTitle },
    quantity: s.quantity,
    unitPriceCents: s.unitPriceCents,
    listTotalCents: s.listTotalCents,
    totalCents: s.totalCents,
    discountReason: s.discountReason,
    paymentMethod: s.paymentMethod,
    amountTakenCents: s.amountTakenCents,
    changeCents: s.amountTakenCents - s.totalCents,
    credit: { mode: s.creditMode, amount: s.creditAmount },
    movementId: s.movementId,
    soldBy: s.seller ? displayName(s.seller) : null,
  };
}

// The amount rules: the catalogue price, or less with a reason; cash may hand over more (the change), any other method
// takes exactly the total.
export function priceOf(body: CreateSaleInput, unitPriceCents: number) {
  const listTotal = unitPriceCents * body.quantity;
  const total = body.totalCents ?? listTotal;
  if (total > listTotal) throw invalid(DISCOUNT_ABOVE_PRICE, "totalCents");
  const isDiscount = total < listTotal;
  if (isDiscount && !body.discountReason) throw invalid(DISCOUNT_REASON_REQUIRED, "discountReason");
  if (body.paymentMethod === "cash" ? body.amountTakenCents < total : body.amountTakenCents !== total) {
    throw invalid(body.paymentMethod === "cash" ? CASH_TOO_LITTLE : AMOUNT_MUST_MATCH, "amountTakenCents");
  }
  return { listTotal, total, discountReason: isDiscount ? body.discountReason! : null };
}

/** The products the office can sell: the shop's, for the school's balance mode. */
export const getSaleProducts = (db: DbOrTx, tenantId: string): Promise<Product[]> => getProducts(db, tenantId);

export async function sellAtDesk(db: Db, tenant: Tenant, auth: Auth, body: CreateSaleInput, now = new Date()): Promise<Sale> {
  const [student, settings, [product]] = await Promise.all([
    findStudent(db, tenant.id, body.studentId),
    getBookingSettings(db, tenant.id),
    findProductsByIds(db, tenant.id, [body.productId]),
  ]);
  if (!student) throw notFound("Alumno no encontrado");
  if (!product) throw notFound("Producto no encontrado");
  if (!product.isActive || product.creditMode !== settings.balanceMode) {
    throw new AppError("PRODUCT_NOT_AVAILABLE", "Este producto ya no está a la venta. Recarga la página.", 422);
  }
  const price = priceOf(body, product.priceCents);
  const actorId = auth.impersonatorId ?? auth.userId;
  const year = Number(localDate(now.getTime(), tenant.timeZone).slice(0, 4));

  const saleId = await db.transaction(async (tx) => {
    const movement = await changeBalance(tx, {
      tenantId: tenant.id,
      studentId: student.id,
      mode: settings.balanceMode,
      amount: product.creditAmount * body.quantity,
      operation: "top-up",
      description: "recarga_admin",
      actorId,
      at: now,
    });
    // Last before the sale's row: the counter's lock is held for as short a time as the transaction allows.
    const number = await takeReceiptNumber(tx, tenant.id, year);
    const receipt = receiptCode(year, number);
    const method = PAYMENT_METHOD_LABELS[body.paymentMethod];
    // The movement names the sale: the desk's reason beside it (the office's lists show it), and the sale's movement_id.
    await insertAdjustment(tx, {
      tenantId: tenant.id,
      studentId: student.id,
      movementId: movement!.id,
      reason: `Venta en oficina, justificante ${receipt}: ${product.title} × ${body.quantity}, ${method}`,
      createdBy: actorId,
    });
    const sale = await insertSale(tx, {
      tenantId: tenant.id,
      studentId: student.id,
      productId: product.id,
      productTitle: product.title,
      unitPriceCents: product.priceCents,
      quantity: body.quantity,
      listTotalCents: price.listTotal,
      totalCents: price.total,
      discountReason: price.discountReason,
      paymentMethod: body.paymentMethod,
      amountTakenCents: body.amountTakenCents,
      creditMode: settings.balanceMode,
      creditAmount: product.creditAmount * body.quantity,
      movementId: movement!.id,
      receiptYear: year,
      receiptNumber: number,
      soldBy: actorId,
      createdAt: now,
    });
    await onBalanceCredited(tx, tenant.id, movement!, "desk", now);
    await recordAudit(tx, tenant.id, auth, {
      action: "desk_sale.created",
      targetType: "user",
      targetId: student.id,
      details: {
        receipt,
        student: displayName(student),
        product: product.title,
        quantity: body.quantity,
        totalCents: price.total,
        listTotalCents: price.listTotal,
        discountReason: price.discountReason,
        paymentMethod: body.paymentMethod,
      },
    });
    return sale.id;
  });
  return toSale((await findSale(db, tenant.id, saleId))!);
}

// One school day, [local midnight, next local midnight), in the school's time zone; a date that does not exist is 422.
export function dayRange(date: string, timeZone: string): Range {
  const from = localToUtc(date, 0, timeZone);
  if (Number.isNaN(from) || localDate(from, timeZone) !== date) throw invalid("Esa fecha no existe", "date");
  return { from: new Date(from), to: new Date(localToUtc(addDays(date, 1), 0, timeZone)) };
}

const SALES_CURSOR = "desk-sales";

export async function listSales(
  db: DbOrTx,
  tenant: Tenant,
  q: { date?: string; studentId?: string; cursor?: string; limit: number },
  now = new Date(),
): Promise<Page<Sale>> {
  const after = q.cursor ? decodeInstantCursor(SALES_CURSOR, q.cursor) : undefined;
  const page = { after, limit: q.limit + 1 };
  const rows = q.studentId
    ? await listSalesOfStudent(db, tenant.id, q.studentId, page)
    : await listSalesBetween(db, tenant.id, dayRange(q.date ?? localDate(now.getTime(), tenant.timeZone), tenant.timeZone), page);
  const { items, nextCursor } = pageOf(rows, q.limit, (last) => instantCursor(SALES_CURSOR, last.createdAt, last.id));
  return { items: items.map(toSale), nextCursor };
}

export async function getCashReport(db: DbOrTx, tenant: Tenant, q: { date?: string }, now = new Date()): Promise<CashReport> {
  const date = q.date ?? localDate(now.getTime(), tenant.timeZone);
  const totals = new Map((await totalsByMethod(db, tenant.id, dayRange(date, tenant.timeZone))).map((t) => [t.method, t]));
  const byMethod = PAYMENT_METHODS.map((method) => ({ method, totalCents: totals.get(method)?.totalCents ?? 0, count: totals.get(method)?.count ?? 0 }));
  return {
    date,
    totalCents: byMethod.reduce((s, m) => s + m.totalCents, 0),
    count: byMethod.reduce((s, m) => s + m.count, 0),
    byMethod,
  };
}
