import { z } from "zod";
import { balanceMovementSchema, balanceSchema } from "./balance";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { OFFICE_NOTE_MAX_LENGTH } from "./constants/people";
import { examTypeSchema } from "./exams";
import { instructorReservationSchema } from "./instructor";
import { practiceSchema } from "./practices";
import { licenseSchema } from "./reservations";

// A student's page (issue 31 §2), for the office (GET /api/administrator/student-files/{id}) and for the student's own
// instructors (GET /api/instructor/student-files/{id}): contact, assignments, balance and latest movements, next and
// latest lessons, latest practices, exams and CAP courses. Each growing list carries its newest (or next) few
// (STUDENT_FILE_LIST_LIMIT) and whether there are more. The office's notes are a separate, administrators-only call.

const someOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), hasMore: z.boolean() });

export const studentFileSchema = z.object({
  student: z.object({
    id: uuidSchema,
    name: z.string(),
    dni: z.string().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(), // E.164
    isActive: z.boolean(),
  }),
  assignments: z.array(
    z.object({
      id: uuidSchema,
      instructor: z.object({ id: uuidSchema, name: z.string(), phone: z.string().nullable() }),
      license: licenseSchema,
    }),
  ),
  balance: balanceSchema,
  movements: someOf(balanceMovementSchema),
  upcomingLessons: someOf(instructorReservationSchema),
  pastLessons: someOf(instructorReservationSchema),
  // Without the signatures (the practice's own screens show them).
  practices: someOf(practiceSchema.omit({ studentSignature: true, instructorSignature: true })),
  exams: someOf(
    z.object({
      id: uuidSchema, // the registration
      date: isoDateTimeSchema,
      location: z.string().nullable(),
      examType: examTypeSchema,
      license: z.string(),
      status: z.enum(["registered", "backup"]),
      result: z.number().int(), // EXAM_RESULT_LABELS
    }),
  ),
  cap: someOf(
    z.object({
      courseId: uuidSchema,
      name: z.string(),
      code: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      sessions: z.number().int(), // the course's sessions
      attended: z.number().int(), // sessions with the student's entry recorded
    }),
  ),
});
export type StudentFile = z.infer<typeof studentFileSchema>;

// The office's private notes about a student, newest first (GET /api/administrator/student-files/{id}/notes).
export const officeNoteSchema = z.object({
  id: uuidSchema,
  body: z.string(),
  createdAt: isoDateTimeSchema,
  createdBy: z.string().nullable(), // display name; null when that person was deleted
  updatedAt: isoDateTimeSchema,
  updatedBy: z.string().nullable(),
});
export type OfficeNote = z.infer<typeof officeNoteSchema>;
export const officeNoteListSchema = z.array(officeNoteSchema);

// POST …/notes and PUT …/notes/{noteId}
export const officeNoteBodySchema = z
  .object({
    body: z
      .string({ error: "Escribe la nota" })
      .trim()
      .min(1, "Escribe la nota")
      .max(OFFICE_NOTE_MAX_LENGTH, `La nota no puede superar ${OFFICE_NOTE_MAX_LENGTH} caracteres`),
  })
  .strict();
export type OfficeNoteBody = z.input<typeof officeNoteBodySchema>;
