import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { pageQuerySchema } from "./paging";

export const RESERVATION_STATUSES = ["requested", "denied", "confirmed", "anulled", "cancelled"] as const;
export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;

// Requested and confirmed reservations hold the instructor's time and the student's balance.
export const ACTIVE_RESERVATION_STATUSES = ["requested", "confirmed"] as const satisfies readonly ReservationStatus[];

export const licenseSchema = z.object({ id: uuidSchema, code: z.string(), name: z.string() });
export type License = z.infer<typeof licenseSchema>;

// GET /api/student/instructor-assignments
export const instructorAssignmentSchema = z.object({
  id: uuidSchema,
  instructor: z.object({ id: uuidSchema, firstName: z.string() }),
  license: licenseSchema,
});
export type InstructorAssignment = z.infer<typeof instructorAssignmentSchema>;
export const instructorAssignmentListSchema = z.array(instructorAssignmentSchema);

export const reservationSchema = z.object({
  id: uuidSchema,
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  status: reservationStatusSchema,
  instructor: z.string(), // display name
  instructorId: uuidSchema,
  license: z.string(), // the licence's name, e.g. 'B'
  licenseCode: z.string(),
  duration: z.number().int(), // seconds
  message: z.string().nullable(),
  hasCancellationRequest: z.boolean(), // a cancellation request is pending
  // The student's reason for a cancellation request, or the school's reason for a denial or annulment.
  cancellationReason: z.string().nullable(),
  // The school's reason when it rejected a cancellation request.
  cancellationResponse: z.string().nullable(),
  canRequestCancellation: z.boolean(),
  canCancel: z.boolean(),
  // Whether the reader may move it to another time now (issue 31 §5): the student inside the cancellation rules,
  // the instructor and the office while it is active and still ahead.
  canMove: z.boolean(),
  // Confirmed and over at the time of the answer: the lesson took place and reads 'Realizada' (constants/reservations.ts).
  isDone: z.boolean(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);

// GET /api/student/reservations?scope&cursor&limit: one page (lib/contract/paging.ts; the body stays the spec's list,
// the next cursor and the tab's capped count travel in the X-Next-Cursor and X-Total-Count headers). Upcoming: the end
// is later than now, soonest first; previous: ended, latest first; all (the default): by end, oldest first.
export const STUDENT_RESERVATION_SCOPES = ["upcoming", "previous", "all"] as const;
export const studentReservationScopeSchema = z.enum(STUDENT_RESERVATION_SCOPES);
export type StudentReservationScope = z.infer<typeof studentReservationScopeSchema>;
export const studentReservationsQuerySchema = pageQuerySchema.extend({ scope: studentReservationScopeSchema.default("all") });
export type StudentReservationsQuery = z.infer<typeof studentReservationsQuerySchema>;

export const slotSchema = z
  .object({
    start: isoDateTimeSchema,
    end: isoDateTimeSchema,
  })
  .refine((s) => Date.parse(s.end) > Date.parse(s.start), { message: "El fin del horario debe ser posterior al inicio" })
  .refine((s) => Date.parse(s.end) - Date.parse(s.start) <= 12 * 3_600_000, {
    message: "Un horario no puede durar más de 12 horas",
  });
export type Slot = z.infer<typeof slotSchema>;

export const MAX_BOOKING_SPAN_DAYS = 365;

// POST /api/student/reservations (header Idempotency-Key optional).
export const createReservationBodySchema = z.object({
  instructorId: uuidSchema,
  licenseId: uuidSchema,
  message: z
    .string()
    .max(500, "El mensaje no puede superar 500 caracteres")
    .nullish()
    .transform((m) => (m?.trim() ? m.trim() : null)),
  slots: z
    .array(slotSchema)
    .min(1, "Debes seleccionar al menos un horario")
    .max(20, "No puedes reservar más de 20 horarios a la vez")
    // A bound on the span independent of the school's horizon setting (which the service also checks).
    .refine(
      (slots) => {
        const starts = slots.map((s) => Date.parse(s.start));
        return Math.max(...starts) - Math.min(...starts) <= MAX_BOOKING_SPAN_DAYS * 86_400_000;
      },
      { message: `Los horarios seleccionados no pueden estar a más de ${MAX_BOOKING_SPAN_DAYS} días entre sí` },
    ),
});
export type CreateReservationBody = z.input<typeof createReservationBodySchema>;

export const createReservationResponseSchema = z.object({ reservations: reservationListSchema });
export type CreateReservationResponse = z.infer<typeof createReservationResponseSchema>;

// 409 body of POST /api/student/reservations when some slot is taken (nothing is booked).
export const slotsUnavailableBodySchema = z.object({
  error: z.literal("SLOTS_UNAVAILABLE"),
  message: z.string(),
  unavailable_slots: z.array(z.object({ start: isoDateTimeSchema, end: isoDateTimeSchema })),
});
export type SlotsUnavailableBody = z.infer<typeof slotsUnavailableBodySchema>;

// POST /api/student/reservations/{id}/request-cancellation
export const requestCancellationBodySchema = z.object({
  reason: z
    .string({ error: "El motivo es obligatorio" })
    .trim()
    .min(1, "El motivo es obligatorio")
    .max(1000, "El motivo no puede superar 1000 caracteres"),
});
export type RequestCancellationBody = z.infer<typeof requestCancellationBodySchema>;

// GET /api/student/reservations/calendar?instructor&start&end&duration (duration in seconds; default: the minimum).
export const bookingCalendarQuerySchema = z
  .object({
    instructor: uuidSchema,
    start: isoDateTimeSchema,
    end: isoDateTimeSchema,
    duration: z.coerce.number().int().positive("La duración no es válida").optional(),
  })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: "El rango de fechas no es válido" })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= 42 * 86_400_000, {
    message: "El rango de fechas no puede superar 6 semanas",
  });
export type BookingCalendarQuery = z.infer<typeof bookingCalendarQuerySchema>;

export const BOOKING_EVENT_TYPES = [
  "available",
  "unavailable",
  "practice",
  "reservation-confirmed",
  "reservation-pending",
] as const;
export const bookingEventTypeSchema = z.enum(BOOKING_EVENT_TYPES);
export type BookingEventType = z.infer<typeof bookingEventTypeSchema>;

// 'available' ids are `slot:<start ISO>` (stable across refetches); the others are reservation ids.
export const bookingCalendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  allDay: z.literal(false),
  url: z.null(),
  color: z.string(),
  type: bookingEventTypeSchema,
});
export type BookingCalendarEvent = z.infer<typeof bookingCalendarEventSchema>;
export const bookingCalendarSchema = z.array(bookingCalendarEventSchema);

// GET /api/student/reservations/conflicts?start&end: the student's own CAP sessions and registered exams that overlap
// [start, end), for the booking wizard's warning before 'Confirmar reservas'. Ours (the spec does not show it).
export const bookingConflictsQuerySchema = z
  .object({ start: isoDateTimeSchema, end: isoDateTimeSchema })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: "El rango de fechas no es válido" })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= 366 * 86_400_000, {
    message: "El rango de fechas no puede superar un año",
  });
export type BookingConflictsQuery = z.infer<typeof bookingConflictsQuerySchema>;

export const bookingConflictSchema = z.object({
  type: z.enum(["cap-session", "exam"]),
  title: z.string(),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
});
export type BookingConflict = z.infer<typeof bookingConflictSchema>;
export const bookingConflictListSchema = z.array(bookingConflictSchema);

// POST /api/{student,instructor,administrator}/reservations/{id}/move (issue 31 §5): the lesson's new time, one of the
// slots GET .../{id}/move-calendar offers (any of the school's lesson lengths; the price difference is charged or
// refunded). The answer is the moved reservation as the caller's list shows it.
export const moveReservationBodySchema = slotSchema;
export type MoveReservationBody = z.infer<typeof moveReservationBodySchema>;

// GET /api/{role}/reservations/{id}/move-calendar?start&end&duration: the lesson's instructor's week for this lesson's
// student, as the booking calendar answers it (bookingCalendarSchema), with the lesson itself as 'Hora actual'.
// Without start and end, the week around the lesson; without duration, the lesson's own length.
export const moveCalendarQuerySchema = z
  .object({
    start: isoDateTimeSchema.optional(),
    end: isoDateTimeSchema.optional(),
    duration: z.coerce.number().int().positive("La duración no es válida").optional(),
  })
  .refine((q) => (q.start === undefined) === (q.end === undefined), { message: "Indica el inicio y el fin del rango" })
  .refine((q) => !q.start || !q.end || Date.parse(q.end) > Date.parse(q.start), { message: "El rango de fechas no es válido" })
  .refine((q) => !q.start || !q.end || Date.parse(q.end) - Date.parse(q.start) <= 42 * 86_400_000, {
    message: "El rango de fechas no puede superar 6 semanas",
  });
export type MoveCalendarQuery = z.infer<typeof moveCalendarQuerySchema>;
