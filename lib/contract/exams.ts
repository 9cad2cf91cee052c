import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";

export const examTypeIdSchema = z.coerce
  .number({ error: "El tipo de examen no es válido" })
  .int("El tipo de examen no es válido")
  .min(1, "El tipo de examen no es válido")
  .max(3, "El tipo de examen no es válido");
export const examTypeSchema = z.object({ id: z.number().int(), name: z.string() });
const licenseRefSchema = z.object({ id: uuidSchema, name: z.string() });

// What every view of an exam date carries, the student's and the school's.
const examDateSchema = z.object({
  id: uuidSchema,
  date: isoDateTimeSchema,
  inscriptionsOpening: isoDateTimeSchema,
  inscriptionsClosing: isoDateTimeSchema,
  location: z.string().nullable(),
});
export const examResultCodeSchema = z.number().int().min(0, "El resultado no es válido").max(4, "El resultado no es válido");

// GET /api/student/exams/upcoming. visibleLimit and visibleRemaining: -1 = unlimited.
export const upcomingExamSlotSchema = z.object({
  examType: examTypeSchema,
  license: uuidSchema,
  licenseName: z.string(),
  visibleLimit: z.number().int(),
  visibleRemaining: z.number().int(),
  isRegistered: z.boolean(),
  isBackupRegistered: z.boolean(),
  canRegister: z.boolean(),
  canBackupRegister: z.boolean(),
});
export type UpcomingExamSlot = z.infer<typeof upcomingExamSlotSchema>;
export const upcomingExamSchema = examDateSchema.extend({ slots: z.array(upcomingExamSlotSchema) });
export type UpcomingExam = z.infer<typeof upcomingExamSchema>;
export const upcomingExamListSchema = z.array(upcomingExamSchema);

// POST /api/student/exam-attendance
export const examAttendanceBodySchema = z.object({
  exam: uuidSchema,
  examType: examTypeIdSchema,
  license: uuidSchema,
});
export type ExamAttendanceBody = z.input<typeof examAttendanceBodySchema>;

// Answer of registration, reserve joining and withdrawal. position: place on the reserve list (1 = first).
export const examAttendanceStatusSchema = z.enum(["registered", "backup", "withdrawn"]);
export const examAttendanceAnswerSchema = z.object({
  id: uuidSchema,
  status: examAttendanceStatusSchema,
  position: z.number().int().nullable(),
  promotedAttendanceId: uuidSchema.nullable().optional(),
});
export type ExamAttendanceAnswer = z.infer<typeof examAttendanceAnswerSchema>;

// GET /api/student/exam-attendances: the student's registrations with their result (spec §3 Exam result).
export const examResultSchema = z.object({
  id: uuidSchema,
  result: z.number().int(),
  license: licenseRefSchema,
  exam: z.object({ id: uuidSchema, date: isoDateTimeSchema, type: examTypeSchema }),
});
export type ExamResult = z.infer<typeof examResultSchema>;
export const examResultListSchema = z.array(examResultSchema);

// ——— The school's side: /api/administrator/exams… and /api/instructor/exams… ———

const placesSchema = z
  .number({ error: "El número de plazas es obligatorio" })
  .int("El número de plazas debe ser un número entero")
  .min(-1, "El número de plazas no es válido")
  .max(10_000, "El número de plazas no es válido");

export const examSlotInputSchema = z.object({
  examType: examTypeIdSchema,
  license: uuidSchema,
  places: placesSchema,
  visibleLimit: placesSchema,
});
export type ExamSlotInput = z.input<typeof examSlotInputSchema>;

export const createExamBodySchema = z
  .object({
    date: isoDateTimeSchema,
    inscriptionsOpening: isoDateTimeSchema,
    inscriptionsClosing: isoDateTimeSchema,
    location: z.string().trim().max(200, "El lugar no puede superar 200 caracteres").nullish(),
    slots: z.array(examSlotInputSchema).min(1, "Añade al menos un tipo de examen").max(30),
  })
  .refine((b) => Date.parse(b.inscriptionsClosing) > Date.parse(b.inscriptionsOpening), {
    message: "El cierre de inscripciones debe ser posterior a la apertura",
    path: ["inscriptionsClosing"],
  })
  .refine((b) => Date.parse(b.inscriptionsClosing) <= Date.parse(b.date), {
    message: "Las inscripciones deben cerrarse antes del examen",
    path: ["inscriptionsClosing"],
  })
  .refine((b) => new Set(b.slots.map((s) => `${s.examType}:${s.license}`)).size === b.slots.length, {
    message: "Hay tipos de examen repetidos para el mismo permiso",
    path: ["slots"],
  });
export type CreateExamBody = z.input<typeof createExamBodySchema>;
export type CreateExamData = z.infer<typeof createExamBodySchema>;

export const updateExamSlotBodySchema = z.object({ places: placesSchema, visibleLimit: placesSchema });
export type UpdateExamSlotBody = z.infer<typeof updateExamSlotBodySchema>;

// POST …/exam-slots/{id}/registrations: the office registers a student, using any of the school's places.
export const registerStudentBodySchema = z.object({ studentId: uuidSchema });
export type RegisterStudentBody = z.infer<typeof registerStudentBodySchema>;

export const recordExamResultBodySchema = z.object({ result: examResultCodeSchema });
export type RecordExamResultBody = z.infer<typeof recordExamResultBodySchema>;

export const staffExamsQuerySchema = z.object({ scope: z.enum(["upcoming", "past"]).default("upcoming") });
export type StaffExamScope = z.infer<typeof staffExamsQuerySchema>["scope"];

export const staffExamAttendanceSchema = z.object({
  id: uuidSchema,
  student: z.object({ id: uuidSchema, name: z.string(), dni: z.string().nullable() }),
  status: z.enum(["registered", "backup"]),
  position: z.number().int().nullable(),
  result: z.number().int(),
  joinedAt: isoDateTimeSchema,
});
export type StaffExamAttendance = z.infer<typeof staffExamAttendanceSchema>;

export const staffExamSlotSchema = z.object({
  id: uuidSchema,
  examType: examTypeSchema,
  license: licenseRefSchema,
  places: z.number().int(),
  visibleLimit: z.number().int(),
  registeredCount: z.number().int(),
  backupCount: z.number().int(),
  attendances: z.array(staffExamAttendanceSchema),
});
export type StaffExamSlot = z.infer<typeof staffExamSlotSchema>;

export const staffExamSchema = examDateSchema.extend({ isHeld: z.boolean(), slots: z.array(staffExamSlotSchema) });
export type StaffExam = z.infer<typeof staffExamSchema>;
export const staffExamListSchema = z.array(staffExamSchema);

// GET …/exams/options: what the creation form may offer (all licences for an administrator, the
// instructor's own licences for an instructor).
export const examOptionsSchema = z.object({
  licenses: z.array(licenseRefSchema),
  examTypes: z.array(examTypeSchema),
  // Students the office may register, with the licences they are assigned (an instructor: their own students).
  students: z.array(z.object({ id: uuidSchema, name: z.string(), dni: z.string().nullable(), licenseIds: z.array(uuidSchema) })),
});
export type ExamOptions = z.infer<typeof examOptionsSchema>;
