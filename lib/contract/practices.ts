import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { PRACTICE_MAX_HOURS } from "./constants/practices";
import { DEFAULT_HISTORY_MONTHS, MAX_HISTORY_MONTHS } from "./constants/paging";
import { pageQuerySchema } from "./paging";

export const KM_MAX = 2_000_000;
// No single lesson covers more than this; a larger distance is a typing mistake.
export const KM_MAX_PER_PRACTICE = 1_000;
const SIGNATURE_MAX_CHARS = 300_000; // ~220 kB of PNG as base64
const PNG_DATA_URL_PREFIX = "data:image/png;base64,";
// The base64 of the PNG signature bytes 89 50 4E 47 0D 0A 1A 0A.
const PNG_BASE64_MAGIC = "iVBORw0KGgo";

export const signatureSchema = z
  .string("Falta la firma")
  .max(SIGNATURE_MAX_CHARS, "La firma es demasiado grande")
  .refine(
    (v) => v.startsWith(PNG_DATA_URL_PREFIX + PNG_BASE64_MAGIC) && /^[A-Za-z0-9+/]+=*$/.test(v.slice(PNG_DATA_URL_PREFIX.length)),
    "La firma debe ser una imagen PNG",
  );

const kmSchema = z.number("Indica los km").int("Los km deben ser un número entero").min(0, "Los km no son válidos").max(KM_MAX, "Los km no son válidos");

const practiceFieldsSchema = z.object({
  vehicleId: z.string().uuid("Selecciona un vehículo"),
  kmStart: kmSchema,
  kmEnd: kmSchema,
  observations: z.string().trim().max(2000, "Las observaciones no pueden superar 2000 caracteres").optional().default(""),
  studentSignature: signatureSchema,
  instructorSignature: signatureSchema,
});

const kmRule = <T extends { kmStart: number; kmEnd: number }>(s: z.ZodType<T>) =>
  s
    .refine((b) => b.kmEnd >= b.kmStart, { message: "Los km finales no pueden ser menores que los iniciales", path: ["kmEnd"] })
    .refine((b) => b.kmEnd - b.kmStart <= KM_MAX_PER_PRACTICE, { message: "La distancia recorrida no es válida", path: ["kmEnd"] });

export const finishPracticeBodySchema = kmRule(practiceFieldsSchema.extend({ reservationId: uuidSchema }));
export type FinishPracticeBody = z.infer<typeof finishPracticeBodySchema>;

export const manualPracticeBodySchema = kmRule(
  practiceFieldsSchema.extend({ studentId: uuidSchema, licenseId: uuidSchema, startAt: isoDateTimeSchema, endAt: isoDateTimeSchema }),
)
  .refine((b) => new Date(b.endAt) > new Date(b.startAt), { message: "La hora de fin debe ser posterior a la de inicio", path: ["endAt"] })
  .refine((b) => Date.parse(b.endAt) - Date.parse(b.startAt) <= PRACTICE_MAX_HOURS * 3_600_000, {
    message: `Una práctica no puede durar más de ${PRACTICE_MAX_HOURS} horas`,
    path: ["endAt"],
  });
export type ManualPracticeBody = z.infer<typeof manualPracticeBodySchema>;

// Spec 000 §3 Practice (history), with its names and shapes: the school-local date and times of the lesson, its
// duration in seconds, km in whole kilometres, signatures as PNG data URLs. Type 'manual_practice' is the "other kind"
// (a lesson agreed at the desk, without a reservation).
export const practiceSchema = z.object({
  id: uuidSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  endTime: z.string().regex(/^\d{2}:\d{2}$/),
  duration: z.number().int().nonnegative(),
  instructor: z.object({ name: z.string() }),
  license: z.object({ name: z.string() }),
  type: z.enum(["practice", "manual_practice"]),
  vehicle: z.object({ plate: z.string() }).nullable(),
  kmStart: z.number().int().nullable(),
  kmEnd: z.number().int().nullable(),
  kmTotal: z.number().int().nullable(),
  observations: z.string().nullable(),
  studentSignature: z.string().nullable(),
  instructorSignature: z.string().nullable(),
});
export type Practice = z.infer<typeof practiceSchema>;

// Spec 000 §3: keyed by month 'YYYY-MM', then by practice (its id); newest month and newest practice first.
// GET /api/student/practices/history?before=YYYY-MM&months=N answers the N latest months with practices before
// `before` (default 6, at most 24) in that shape; the month to ask `before` next is in the X-Next-Cursor header
// (lib/contract/paging.ts), absent once the oldest month is in.
export const practiceHistorySchema = z.record(z.string().regex(/^\d{4}-\d{2}$/), z.record(uuidSchema, practiceSchema));
export type PracticeHistory = z.infer<typeof practiceHistorySchema>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const INVALID_MONTHS = "El número de meses no es válido";
export const practiceHistoryQuerySchema = z.object({
  before: z.string().regex(MONTH, "El mes no es válido").optional(),
  months: z.coerce
    .number({ error: INVALID_MONTHS })
    .int(INVALID_MONTHS)
    .min(1, INVALID_MONTHS)
    .transform((n) => Math.min(n, MAX_HISTORY_MONTHS))
    .default(DEFAULT_HISTORY_MONTHS),
});
export type PracticeHistoryQuery = z.infer<typeof practiceHistoryQuerySchema>;

// GET /api/instructor/practices and the answers of the finishing calls (our screens): the same practice with its student.
export const instructorPracticeSchema = practiceSchema.extend({ student: z.object({ name: z.string() }) });
export type InstructorPractice = z.infer<typeof instructorPracticeSchema>;
export const instructorPracticeListSchema = z.array(instructorPracticeSchema);

// GET /api/instructor/practices?studentId&month&cursor&limit: newest first, one page (lib/contract/paging.ts).
export const instructorPracticesQuerySchema = pageQuerySchema.extend({
  studentId: uuidSchema.optional(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "El mes no es válido").optional(),
});
export type InstructorPracticesQuery = z.infer<typeof instructorPracticesQuerySchema>;

// GET /api/instructor/practices/pending: the instructor's confirmed lessons that have started and have no practice yet.
export const pendingPracticeSchema = z.object({
  reservationId: uuidSchema,
  start: z.string(),
  end: z.string(),
  studentId: uuidSchema,
  studentName: z.string(),
  licenseId: uuidSchema,
  license: z.string(),
});
export type PendingPractice = z.infer<typeof pendingPracticeSchema>;
export const pendingPracticeListSchema = z.array(pendingPracticeSchema);

// GET /api/instructor/vehicles: the school's active fleet (licenseId null: any licence).
export const practiceVehicleSchema = z.object({
  id: uuidSchema,
  plate: z.string(),
  description: z.string().nullable(),
  licenseId: uuidSchema.nullable(),
  license: z.string().nullable(),
});
export type PracticeVehicle = z.infer<typeof practiceVehicleSchema>;
export const practiceVehicleListSchema = z.array(practiceVehicleSchema);
