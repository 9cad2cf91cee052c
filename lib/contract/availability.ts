import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";

// School-local wall-clock times in the tenant's IANA time zone.
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "La hora debe tener el formato HH:mm");
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "La fecha debe tener el formato AAAA-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    message: "La fecha no es válida",
  });

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const weekdaySchema = z.number().int().min(1, "El día no es válido").max(7, "El día no es válido"); // 1 = Monday

export const availabilityRuleSchema = z.object({
  id: uuidSchema,
  weekday: weekdaySchema,
  start: localTimeSchema,
  end: localTimeSchema,
});
export type AvailabilityRule = z.infer<typeof availabilityRuleSchema>;

// 'day_off' without times: the whole day is off; with start and end: only that range is blocked.
// 'extra': start and end required; adds that window to the day.
export const overrideTypeSchema = z.enum(["day_off", "extra"]);
export type OverrideType = z.infer<typeof overrideTypeSchema>;

export const availabilityOverrideSchema = z.object({
  id: uuidSchema,
  date: localDateSchema,
  type: overrideTypeSchema,
  start: localTimeSchema.nullable(),
  end: localTimeSchema.nullable(),
});
export type AvailabilityOverride = z.infer<typeof availabilityOverrideSchema>;

// GET /api/instructor/availability
export const availabilitySchema = z.object({
  timeZone: z.string(),
  rules: z.array(availabilityRuleSchema),
  overrides: z.array(availabilityOverrideSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

const ruleInputSchema = z
  .object({ weekday: weekdaySchema, start: localTimeSchema, end: localTimeSchema })
  .refine((r) => toMinutes(r.end) > toMinutes(r.start), { message: "La hora de fin debe ser posterior a la de inicio" });

// PUT /api/instructor/availability/rules: replaces every rule.
export const replaceRulesBodySchema = z
  .object({ rules: z.array(ruleInputSchema).max(100, "Demasiadas franjas") })
  .refine(
    ({ rules }) =>
      rules.every((a, i) =>
        rules.every(
          (b, j) =>
            i === j ||
            a.weekday !== b.weekday ||
            toMinutes(a.end) <= toMinutes(b.start) ||
            toMinutes(b.end) <= toMinutes(a.start),
        ),
      ),
    { message: "Las franjas de un mismo día no pueden solaparse" },
  );
export type ReplaceRulesBody = z.infer<typeof replaceRulesBodySchema>;

// POST /api/instructor/availability/overrides
export const createOverrideBodySchema = z
  .object({
    date: localDateSchema,
    type: overrideTypeSchema,
    start: localTimeSchema.nullish(),
    end: localTimeSchema.nullish(),
    // A day off over booked lessons is refused (409 RESERVATIONS_ON_DAY_OFF, listing them) unless this says to annul
    // them: each is then annulled and refunded in the same transaction as the day off.
    annulReservations: z.boolean().optional(),
  })
  .refine((o) => o.type !== "extra" || (o.start && o.end), { message: "Indica la hora de inicio y de fin" })
  .refine((o) => !o.start === !o.end, { message: "Indica la hora de inicio y de fin" })
  .refine((o) => !o.start || !o.end || toMinutes(o.end) > toMinutes(o.start), {
    message: "La hora de fin debe ser posterior a la de inicio",
  });
export type CreateOverrideBody = z.infer<typeof createOverrideBodySchema>;

// A booked lesson (requested or confirmed, not yet over) that a day off covers.
export const affectedReservationSchema = z.object({
  id: uuidSchema,
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  status: z.enum(["requested", "confirmed"]),
  student: z.string(), // display name
  license: z.string(),
});
export type AffectedReservation = z.infer<typeof affectedReservationSchema>;

// 409 body of POST /api/instructor/availability/overrides when the day off covers booked lessons (nothing is saved).
export const reservationsOnDayOffBodySchema = z.object({
  error: z.literal("RESERVATIONS_ON_DAY_OFF"),
  message: z.string(),
  reservations: z.array(affectedReservationSchema),
});
export type ReservationsOnDayOffBody = z.infer<typeof reservationsOnDayOffBodySchema>;

// 201 answer of POST /api/instructor/availability/overrides: the exception, and the lessons it annulled.
export const createOverrideResponseSchema = availabilityOverrideSchema.extend({
  annulledReservations: z.array(affectedReservationSchema),
});
export type CreateOverrideResponse = z.infer<typeof createOverrideResponseSchema>;
