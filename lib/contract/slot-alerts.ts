import { z } from "zod";
import { SLOT_ALERT_MAX_SPAN_DAYS } from "./constants/slot-alerts";

// Freed-slot alerts (issue 29): a student asks to be told when a lesson of an instructor of theirs frees up on a day
// or in a week. GET/POST /api/student/slot-alerts, DELETE /api/student/slot-alerts/:id.

const INVALID_DAY = "La fecha no es válida";
const daySchema = z
  .string({ error: INVALID_DAY })
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY)
  .refine((d) => {
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
  }, INVALID_DAY)
  .refine((d) => d >= "1900-01-01" && d <= "2200-12-31", "La fecha está fuera del rango admitido");

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export const createSlotAlertBodySchema = z
  .strictObject({
    instructorId: z.string({ error: "Elige un profesor" }).uuid("Profesor no válido"),
    from: daySchema,
    to: daySchema,
  })
  .refine((b) => b.to >= b.from, { message: "La fecha final no puede ser anterior a la inicial", path: ["to"] })
  .refine((b) => dayNumber(b.to) - dayNumber(b.from) <= SLOT_ALERT_MAX_SPAN_DAYS, {
    message: "Un aviso cubre un día o una semana como máximo",
    path: ["to"],
  });
export type CreateSlotAlertBody = z.infer<typeof createSlotAlertBodySchema>;

export const slotAlertSchema = z.object({
  id: z.string(),
  instructorId: z.string(),
  instructorName: z.string(),
  from: z.string(), // 'YYYY-MM-DD', the school's calendar, inclusive
  to: z.string(),
  createdAt: z.string(),
});
export type SlotAlert = z.infer<typeof slotAlertSchema>;

export const slotAlertListSchema = z.array(slotAlertSchema);
