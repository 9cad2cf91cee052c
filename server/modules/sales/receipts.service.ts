import { PAYMENT_METHOD_LABELS, receiptCode } from "@/lib/contract/constants/sales";
import { formatMoney } from "@/lib/format/money";
import { formatPhone } from "@/lib/format/phone";
import { localClock, localDate } from "@/lib/time/zoned-time";
import type { DbOrTx } from "../../db/client";
import type { Tenant } from "../../http/context";
import { notFound } from "../../http/errors";
import { findStudent } from "../balance/desk.repository";
import { displayName } from "../users/users.repository";
import { buildReceiptPdf, type ReceiptContent } from "./receipt-pdf";
import { findSale, type SaleView } from "./sales.repository";
import { creditText } from "./sales.service";
import { getSchoolDetails } from "./school-details.service";

// The payment receipt of a sale: the office downloads any of its school's, a student only their own (another's, or
// another school's, is not found).

const receiptNotFound = () => notFound("Justificante no encontrado");

const spanishDate = (at: Date, timeZone: string) => {
  const [y, m, d] = localDate(at.getTime(), timeZone).split("-");
  return `${d}/${m}/${y} ${localClock(at.getTime(), timeZone)}`;
};

export function receiptContent(sale: SaleView, tenant: Tenant, school: Awaited<ReturnType<typeof getSchoolDetails>>, dni: string | null): ReceiptContent {
  const isCash = sale.paymentMethod === "cash";
  const discount = sale.listTotalCents - sale.totalCents;
  return {
    receipt: receiptCode(sale.receiptYear, sale.receiptNumber),
    date: spanishDate(sale.createdAt, tenant.timeZone),
    school: { name: tenant.name, legalName: school.legalName, taxId: school.taxId, address: school.address, phone: school.phone ? formatPhone(school.phone) : null },
    student: { name: displayName(sale.student), dni },
    line: { title: sale.productTitle, quantity: sale.quantity, unitPrice: formatMoney(sale.unitPriceCents), listTotal: formatMoney(sale.listTotalCents) },
    discount: discount > 0 ? { amount: formatMoney(discount), reason: sale.discountReason ?? "" } : null,
    total: formatMoney(sale.totalCents),
    paymentMethod: PAYMENT_METHOD_LABELS[sale.paymentMethod],
    amountTaken: isCash ? formatMoney(sale.amountTakenCents) : null,
    change: isCash ? formatMoney(sale.amountTakenCents - sale.totalCents) : null,
    credit: creditText(sale.creditMode, sale.creditAmount),
    soldBy: sale.seller ? displayName(sale.seller) : null,
  };
}

export async function getReceiptPdf(db: DbOrTx, tenant: Tenant, saleId: string, onlyStudentId?: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const sale = await findSale(db, tenant.id, saleId, onlyStudentId);
  if (!sale) throw receiptNotFound();
  const [school, student] = await Promise.all([getSchoolDetails(db, tenant.id), findStudent(db, tenant.id, sale.studentId)]);
  const content = receiptContent(sale, tenant, school, student?.dni ?? null);
  return { bytes: await buildReceiptPdf(content), fileName: `justificante-${content.receipt}.pdf` };
}
