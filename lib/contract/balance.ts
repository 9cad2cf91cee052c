import { z } from "zod";
import { pageCursorSchema, pageLimitSchema } from "./paging";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { balanceModeSchema } from "./config";

// GET /api/student/balance. The value of the other mode is null.
export const balanceSchema = z.object({
  balanceMode: balanceModeSchema,
  timeBalanceSeconds: z.number().int().nullable(),
  moneyBalanceCents: z.number().int().nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const MOVEMENT_DESCRIPTIONS = [
  "reserva_solicitada",
  "reserva_cancelada",
  "reserva_denegada",
  "reserva_anulada",
  "recarga_admin",
  "consumo_admin",
  // The price difference of a lesson moved to another time (issue 31 §5): charged, or refunded, in its ledger row.
  "reserva_cambiada",
] as const;
export const movementDescriptionSchema = z.enum(MOVEMENT_DESCRIPTIONS);
export type MovementDescription = z.infer<typeof movementDescriptionSchema>;

export const movementOperationSchema = z.enum(["top-up", "consumption"]);
export type MovementOperation = z.infer<typeof movementOperationSchema>;

// A refund is a 'top-up'. Amounts are positive magnitudes; the fields of the other mode are null.
export const balanceMovementSchema = z.object({
  id: uuidSchema,
  operation: movementOperationSchema,
  type: balanceModeSchema,
  description: movementDescriptionSchema,
  date: isoDateTimeSchema,
  secondsAmount: z.number().int().nullable(),
  secondsAmountBefore: z.number().int().nullable(),
  secondsAmountAfter: z.number().int().nullable(),
  moneyAmount: z.number().int().nullable(),
  moneyAmountBefore: z.number().int().nullable(),
  moneyAmountAfter: z.number().int().nullable(),
  currency: z.literal("EUR"),
  reservationId: uuidSchema.nullable(),
  // The lesson a movement belongs to, as it stands now (issue 31 §6): its time and instructor; null for none.
  lesson: z
    .object({ id: uuidSchema, start: isoDateTimeSchema, end: isoDateTimeSchema, instructor: z.string() })
    .nullable()
    .default(null),
});
export type BalanceMovement = z.infer<typeof balanceMovementSchema>;

// GET /api/student/balance/history?cursor&limit, newest first, one page (lib/contract/paging.ts: the next page's
// cursor is in the X-Next-Cursor header, so the body keeps the spec's shape, a list of movements).
export const balanceHistorySchema = z.array(balanceMovementSchema);
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

// The school's balance desk (administrator): adjustments by hand, recorded as recarga_admin / consumo_admin.
export const ADJUSTMENT_BELOW_ZERO_MESSAGE = "El ajuste dejaría el saldo por debajo de cero";
export const MAX_ADJUSTMENT = 10_000_000; // 100.000 € in cents, or about 2.777 h in seconds

// A page of the desk's students by name; the next page's position is in X-Next-Cursor (lib/contract/paging.ts).
export const deskStudentQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  cursor: pageCursorSchema,
  limit: pageLimitSchema(20),
});

export const deskStudentSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  dni: z.string().nullable(),
  username: z.string().nullable(),
  isActive: z.boolean(),
  balance: balanceSchema,
});
export type DeskStudent = z.infer<typeof deskStudentSchema>;
export const deskStudentListSchema = z.array(deskStudentSchema);

// A movement as the office sees it: the reason and who made it when it was a manual adjustment.
export const deskMovementSchema = balanceMovementSchema.extend({
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
});
export type DeskMovement = z.infer<typeof deskMovementSchema>;

export const deskStudentDetailSchema = z.object({ student: deskStudentSchema, movements: z.array(deskMovementSchema) });
export type DeskStudentDetail = z.infer<typeof deskStudentDetailSchema>;

// amount: seconds in time mode, cents in money mode (the school's current mode).
export const balanceAdjustmentBodySchema = z.object({
  operation: movementOperationSchema,
  amount: z
    .number({ error: "El importe debe ser un número entero" })
    .int("El importe debe ser un número entero")
    .positive("El importe debe ser mayor que cero")
    .max(MAX_ADJUSTMENT, "El importe es demasiado grande"),
  reason: z
    .string({ error: "El motivo es obligatorio" })
    .trim()
    .min(3, "Indica el motivo del ajuste (al menos 3 caracteres)")
    .max(200, "El motivo no puede superar 200 caracteres"),
});
export type BalanceAdjustmentBody = z.infer<typeof balanceAdjustmentBodySchema>;
