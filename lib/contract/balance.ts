import { z } from "zod";
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
] as const;
export const movementDescriptionSchema = z.enum(MOVEMENT_DESCRIPTIONS);
export type MovementDescription = z.infer<typeof movementDescriptionSchema>;

// The spec's labels (second document §3).
export const MOVEMENT_LABELS: Record<MovementDescription, string> = {
  reserva_solicitada: "Reserva solicitada",
  reserva_cancelada: "Reserva cancelada",
  reserva_denegada: "Reserva denegada",
  reserva_anulada: "Reserva anulada",
  recarga_admin: "Compra de saldo",
  consumo_admin: "Consumo de saldo",
};

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
});
export type BalanceMovement = z.infer<typeof balanceMovementSchema>;

// GET /api/student/balance/history, newest first.
export const balanceHistorySchema = z.array(balanceMovementSchema);
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;
