import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { dayQuerySchema } from "./backoffice";
import { balanceModeSchema } from "./config";
import { pageCursorSchema, pageLimitSchema } from "./paging";
import { optionalPhoneSchema } from "./phone";
import { compactTaxId, isValidTaxId, TAX_ID_INVALID_MESSAGE } from "@/lib/format/tax-id";
import {
  DISCOUNT_REASON_MAX,
  MAX_SALE_CENTS,
  MAX_SALE_QUANTITY,
  PAYMENT_METHODS,
} from "./constants/sales";

// Desk sales, payment receipts, the cash report and the school's details (issue 31 §3).

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: "Elige la forma de pago" });
// In a body a missing method is a missing field (400), an unknown one a validation error (422).
const paymentMethodInputSchema = z.string({ error: "Elige la forma de pago" }).pipe(paymentMethodSchema);

const cents = (label: string) =>
  z.number({ error: `${label}: escribe un importe` }).int(`${label}: usa céntimos enteros`).min(0, `${label} no puede ser negativo`).max(MAX_SALE_CENTS, `${label} es demasiado alto`);

// POST /api/administrator/sales. totalCents absent: the catalogue price (unit price × quantity); below it, a discount
// that needs its reason. The amount rules that need the product's price live in the service.
export const createSaleBodySchema = z.strictObject({
  studentId: uuidSchema,
  productId: uuidSchema,
  quantity: z.number({ error: "Indica la cantidad" }).int("La cantidad debe ser un número entero").min(1, "La cantidad mínima es 1").max(MAX_SALE_QUANTITY, `La cantidad máxima es ${MAX_SALE_QUANTITY}`),
  totalCents: cents("El precio").min(1, "El precio debe ser mayor que cero").optional(),
  discountReason: z.string().trim().max(DISCOUNT_REASON_MAX, "El motivo del descuento es demasiado largo").optional().transform((v) => (v ? v : undefined)),
  paymentMethod: paymentMethodInputSchema,
  amountTakenCents: cents("El importe cobrado"),
});
export type CreateSaleBody = z.input<typeof createSaleBodySchema>;
export type CreateSaleInput = z.infer<typeof createSaleBodySchema>;

export const saleSchema = z.object({
  id: uuidSchema,
  receipt: z.string(), // '2026-000042'
  date: isoDateTimeSchema,
  student: z.object({ id: uuidSchema, name: z.string() }),
  product: z.object({ id: uuidSchema, title: z.string() }),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  listTotalCents: z.number().int(),
  totalCents: z.number().int(),
  discountReason: z.string().nullable(),
  paymentMethod: paymentMethodSchema,
  amountTakenCents: z.number().int(),
  changeCents: z.number().int(),
  credit: z.object({ mode: balanceModeSchema, amount: z.number().int() }),
  movementId: uuidSchema,
  soldBy: z.string().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;
export const saleListSchema = z.array(saleSchema);

// A real day between 1900 and 2200: '9999-12-31' passed a bare pattern and overflowed the next day (a 500).
const daySchema = dayQuerySchema;

// GET /api/administrator/sales?date=&cursor&limit: one school day's sales, newest first (default: today); with
// studentId, that student's sales of any day.
export const saleListQuerySchema = z.object({ date: daySchema.optional(), studentId: uuidSchema.optional(), cursor: pageCursorSchema, limit: pageLimitSchema(50) });

// GET /api/administrator/sales/report?date=: the day's cash report.
export const cashReportQuerySchema = z.object({ date: daySchema.optional() });
export const cashReportSchema = z.object({
  date: daySchema,
  totalCents: z.number().int(),
  count: z.number().int(),
  byMethod: z.array(z.object({ method: paymentMethodSchema, totalCents: z.number().int(), count: z.number().int() })),
});
export type CashReport = z.infer<typeof cashReportSchema>;

// The school's details (Ajustes → Datos de la escuela): printed on receipts; hours and phone shown to students.
const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);
export const schoolDetailsSchema = z.object({
  legalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  officeHours: z.string(),
});
export type SchoolDetails = z.infer<typeof schoolDetailsSchema>;

// NIF (DNI), NIE or CIF, kept without spaces or dashes, with its control character checked; empty: not given yet.
export const schoolDetailsBodySchema = z.strictObject({
  legalName: text(200, "La razón social es demasiado larga"),
  taxId: text(20, TAX_ID_INVALID_MESSAGE).transform(compactTaxId).refine((v) => v === "" || isValidTaxId(v), TAX_ID_INVALID_MESSAGE),
  address: text(300, "La dirección es demasiado larga"),
  phone: optionalPhoneSchema.transform((v) => v ?? null),
  officeHours: text(300, "El horario es demasiado largo"),
});
export type SchoolDetailsBody = z.input<typeof schoolDetailsBodySchema>;

// GET /api/student/office-contact: what a student is told to top up at the office.
export const officeContactSchema = z.object({ name: z.string(), address: z.string(), phone: z.string().nullable(), officeHours: z.string() });
export type OfficeContact = z.infer<typeof officeContactSchema>;
