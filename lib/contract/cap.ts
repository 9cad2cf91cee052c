import { z } from "zod";
import { pageCursorSchema, pageLimitSchema } from "./paging";
import { ATTENDANCE_METHODS, MANUAL_REASONS, RECORD_NOTE_MAX, STUDENT_PAGE_DEFAULT_LIMIT } from "./constants/cap";

// The DNI/NIE rule is pure and shared with the forms (no dependencies beyond itself).
import { isValidDniNie, normalizeDniNie } from "@/lib/cap/dni";
import { isoDateTimeSchema, paginationSchema, uuidSchema } from "./common";
import { livenessProofSchema, referenceImagesBodySchema } from "./cap-liveness";

// CAP course administration (spec 001 §2–§9). Course dates are school-local 'YYYY-MM-DD'; instants ISO 8601 UTC.

export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "La fecha no es válida")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    message: "La fecha no es válida",
  });

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

// ── Sections ────────────────────────────────────────────────────────────────────────────────────────────
export const sectionSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  // The centre authorization number of the Ministry of Transport's CAP application (needed for the file).
  authorizationNumber: z.string().nullable(),
});
export type Section = z.infer<typeof sectionSchema>;
export const sectionListSchema = z.array(sectionSchema);

export const sectionBodySchema = z.object({
  name: requiredText("El nombre de la sección es obligatorio"),
  authorizationNumber: optionalText(50),
});
export type SectionBody = z.input<typeof sectionBodySchema>;

// ── Courses ─────────────────────────────────────────────────────────────────────────────────────────────
export const capCourseSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  code: z.string(),
  sectionId: uuidSchema,
  sectionName: z.string(),
  start: localDateSchema,
  end: localDateSchema,
});
export type CapCourse = z.infer<typeof capCourseSchema>;
export const capCourseListSchema = z.array(capCourseSchema);

export const createCapCourseBodySchema = z
  .object({
    name: requiredText("El nombre es obligatorio"),
    code: requiredText("El código es obligatorio", 50),
    sectionId: z.string({ error: "La sección es obligatoria" }).uuid("La sección no es válida"),
    start: z.string({ error: "La fecha de inicio es obligatoria" }).pipe(localDateSchema),
    end: z.string({ error: "La fecha de fin es obligatoria" }).pipe(localDateSchema),
  })
  .refine((b) => b.end >= b.start, {
    message: "La fecha de fin debe ser igual o posterior a la fecha de inicio",
    path: ["end"],
  });
export type CreateCapCourseBody = z.infer<typeof createCapCourseBodySchema>;

// ── Sessions and attendance ────────────────────────────────────────────────────────────────────────────
// How the current entry or exit time was recorded (issue 30; not in the spec, so optional for an upstream without it):
// the fallback's reason, the note ('Otro' text, or the correction's reason) and the administrator who recorded it.
export const attendanceRecordSchema = z.object({
  method: z.enum(ATTENDANCE_METHODS),
  reason: z.enum(MANUAL_REASONS).nullable(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const attendanceSchema = z.object({
  id: uuidSchema,
  studentId: uuidSchema,
  studentName: z.string(),
  studentDni: z.string(),
  in: isoDateTimeSchema.nullable(),
  out: isoDateTimeSchema.nullable(),
  inRecord: attendanceRecordSchema.nullable().optional(),
  outRecord: attendanceRecordSchema.nullable().optional(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

export const capSessionSchema = z.object({
  id: uuidSchema,
  capCourseId: uuidSchema,
  courseName: z.string(),
  name: z.string(),
  // Copied from the course when the session is created without them.
  code: z.string(),
  sectionId: uuidSchema,
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  attendances: z.array(attendanceSchema),
});
export type CapSession = z.infer<typeof capSessionSchema>;
export const capSessionListSchema = z.array(capSessionSchema);

export const createCapSessionBodySchema = z
  .object({
    name: requiredText("El nombre de la sesión es obligatorio"),
    code: optionalText(50),
    sectionId: uuidSchema.nullish(),
    start: z.string({ error: "La fecha de inicio es obligatoria" }).pipe(isoDateTimeSchema),
    end: z.string({ error: "La fecha de fin es obligatoria" }).pipe(isoDateTimeSchema),
  })
  .refine((b) => Date.parse(b.end) > Date.parse(b.start), {
    message: "La hora de fin debe ser posterior a la hora de inicio",
    path: ["end"],
  });
export type CreateCapSessionBody = z.input<typeof createCapSessionBodySchema>;

export const ATTENDANCE_TYPES = ["in", "out"] as const;
export const attendanceTypeSchema = z.enum(ATTENDANCE_TYPES);
export type AttendanceType = z.infer<typeof attendanceTypeSchema>;

// A camera capture as a data URL ('data:image/jpeg;base64,…'); 640x480 JPEG for attendance (spec §9).
export const imageDataUrlSchema = z
  .string({ error: "La imagen es obligatoria" })
  .regex(/^data:image\/(jpeg|jpg|png|webp);base64,/i, "La imagen debe ser una imagen JPEG codificada como data URL");

export const createAttendanceBodySchema = z.object({
  capSessionId: uuidSchema,
  studentId: uuidSchema,
  type: attendanceTypeSchema,
  // Issue 30: no image, the proof of a live capture (lib/contract/cap-liveness.ts).
  liveness: livenessProofSchema,
});
export type CreateAttendanceBody = z.infer<typeof createAttendanceBodySchema>;

export const createAttendanceResponseSchema = z.object({ success: z.literal(true), attendance: attendanceSchema });
export type CreateAttendanceResponse = z.infer<typeof createAttendanceResponseSchema>;

export const addAttendanceBodySchema = z
  .object({
    capSessionId: uuidSchema,
    studentId: uuidSchema,
    in: isoDateTimeSchema.nullish(),
    out: isoDateTimeSchema.nullish(),
  })
  .refine((b) => !b.out || !!b.in, { message: "La salida requiere una entrada", path: ["out"] })
  .refine((b) => !b.out || !b.in || Date.parse(b.out) > Date.parse(b.in), {
    message: "La hora de salida debe ser posterior a la de entrada",
    path: ["out"],
  });
export type AddAttendanceBody = z.input<typeof addAttendanceBodySchema>;

// ── Manual entries and exits, corrections (issue 30 §3/§4) ────────────────────────────────────────────────
const confirmationPassword = z.string({ error: "Introduce tu contraseña" }).min(1, "Introduce tu contraseña").max(200, "Introduce tu contraseña");
const recordNote = (message: string) => z.string({ error: message }).trim().min(1, message).max(RECORD_NOTE_MAX, `Máximo ${RECORD_NOTE_MAX} caracteres`);

// POST /administrator/cap/cap-attendance/manual: the fallback when the face cannot be verified. `at` is the time it
// happened (a forgotten exit); without it, now.
export const manualAttendanceBodySchema = z
  .object({
    capSessionId: uuidSchema,
    studentId: uuidSchema,
    type: attendanceTypeSchema,
    reason: z.enum(MANUAL_REASONS, { error: "Elige el motivo" }),
    note: z
      .string()
      .trim()
      .max(RECORD_NOTE_MAX, `Máximo ${RECORD_NOTE_MAX} caracteres`)
      .nullish()
      .transform((v) => (v ? v : null)),
    at: isoDateTimeSchema.nullish(),
    password: confirmationPassword,
  })
  .refine((b) => b.reason !== "other" || !!b.note, { message: "Describe el motivo", path: ["note"] })
  .refine((b) => b.reason !== "forgot-exit" || b.type === "out", {
    message: "El motivo 'Olvidó fichar la salida' solo vale para la salida",
    path: ["reason"],
  });
export type ManualAttendanceBody = z.input<typeof manualAttendanceBodySchema>;

// POST /administrator/cap/cap-attendance/{id}/correct: a new entry or exit time once the session has ended.
export const correctAttendanceBodySchema = z.object({
  type: attendanceTypeSchema,
  time: z.string({ error: "La hora es obligatoria" }).pipe(isoDateTimeSchema),
  reason: recordNote("El motivo de la corrección es obligatorio"),
  password: confirmationPassword,
});
export type CorrectAttendanceBody = z.input<typeof correctAttendanceBodySchema>;

// GET /administrator/cap/cap-attendance/{id}/corrections: oldest first; the first one's `previous` is the original.
export const attendanceCorrectionSchema = z.object({
  id: uuidSchema,
  type: attendanceTypeSchema,
  previous: isoDateTimeSchema.nullable(),
  previousRecord: attendanceRecordSchema.nullable(),
  corrected: isoDateTimeSchema,
  reason: z.string(),
  correctedBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type AttendanceCorrection = z.infer<typeof attendanceCorrectionSchema>;
export const attendanceCorrectionListSchema = z.array(attendanceCorrectionSchema);

// GET /administrator/students/{id}/cap-attendances: the student's record, newest session first, paged (X-Next-Cursor).
export const studentAttendanceSchema = z.object({
  capSessionId: uuidSchema,
  capCourseId: uuidSchema,
  courseName: z.string(),
  sessionName: z.string(),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  attendance: attendanceSchema,
});
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;
export const studentAttendanceListSchema = z.array(studentAttendanceSchema);

export const enrollmentSchema = z.object({
  id: uuidSchema,
  studentId: uuidSchema,
  enrolledAt: isoDateTimeSchema,
  student: z.object({ id: uuidSchema, fullname: z.string(), dni: z.string() }),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
export const enrollmentListSchema = z.array(enrollmentSchema);

export const enrollBodySchema = z.object({
  studentIds: z.array(uuidSchema, { error: "Debes seleccionar al menos un alumno" }).min(1, "Debes seleccionar al menos un alumno").max(100),
});
export type EnrollBody = z.infer<typeof enrollBodySchema>;

export const ENROLL_FAILURES = ["COURSE_FULL", "ALREADY_ENROLLED", "STUDENT_NOT_FOUND", "STUDENT_WITHOUT_DNI"] as const;
export const enrollResultSchema = z.object({
  successful: z.array(z.object({ studentId: uuidSchema, enrollmentId: uuidSchema })),
  failed: z.array(z.object({ studentId: z.string(), error: z.string(), message: z.string() })),
});
export type EnrollResult = z.infer<typeof enrollResultSchema>;

// ── Students ───────────────────────────────────────────────────────────────────────────────────────────
export const capStudentSchema = z.object({
  id: uuidSchema,
  firstname: z.string(),
  surname1: z.string(),
  surname2: z.string().nullable(),
  dni: z.string(),
  fullname: z.string(),
  // Null for CAP students without a login.
  username: z.string().nullable(),
  hasBiometricReference: z.boolean(),
});
export type CapStudent = z.infer<typeof capStudentSchema>;

// Spec §3's pagination, plus nextCursor: the position after this page's last student (null on the last page). With
// ?cursor= the server reads the next page from that position (a keyset, at any depth) and `page` is the number the
// client shows; without it, `page` is read by offset as the spec's call does.
export const studentPaginationSchema = paginationSchema.extend({ nextCursor: z.string().nullable() });
export const studentPageSchema = z.object({ data: z.array(capStudentSchema), pagination: studentPaginationSchema });
export type StudentPage = z.infer<typeof studentPageSchema>;
export const studentListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  cursor: pageCursorSchema,
  page: z.coerce.number().int("La página no es válida").min(1, "La página no es válida").max(1_000_000, "La página no es válida").default(1),
  limit: pageLimitSchema(STUDENT_PAGE_DEFAULT_LIMIT),
});
export type StudentListQuery = z.input<typeof studentListQuerySchema>;

// A required DNI/NIE, checked and stored normalised (shared with the back-office's user form).
export const dniNieSchema = z
  .string({ error: "El DNI/NIE es obligatorio" })
  .trim()
  .min(1, "El DNI/NIE es obligatorio")
  .refine(isValidDniNie, "El DNI/NIE no es válido")
  .transform(normalizeDniNie);

export const capStudentBodySchema = z.object({
  firstname: requiredText("El nombre es obligatorio", 100),
  surname1: requiredText("El primer apellido es obligatorio", 100),
  surname2: optionalText(100),
  dni: dniNieSchema,
});
export type CapStudentBody = z.input<typeof capStudentBodySchema>;

// ── Biometric reference ────────────────────────────────────────────────────────────────────────────────
// image: the first reference (the card's); others: references 2..5 of the same enrolment (issue 30).
export const biometricReferenceSchema = z.object({ image: z.string(), createdAt: isoDateTimeSchema, others: z.array(z.string()) });
export type BiometricReference = z.infer<typeof biometricReferenceSchema>;

export const saveBiometricReferenceBodySchema = referenceImagesBodySchema;
export type SaveBiometricReferenceBody = z.infer<typeof saveBiometricReferenceBodySchema>;
export const saveBiometricReferenceResponseSchema = z.object({ createdAt: isoDateTimeSchema });
