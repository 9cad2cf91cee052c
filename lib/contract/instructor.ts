import { z } from "zod";
import { isoDateTimeSchema, uuidSchema } from "./common";
import { balanceSchema } from "./balance";
import { pageQuerySchema } from "./paging";
import { licenseSchema, reservationSchema } from "./reservations";

// cancellationRequest is set only while the student's cancellation request is pending (hasCancellationRequest).
export const instructorReservationSchema = reservationSchema.extend({
  student: z.object({ id: uuidSchema, name: z.string(), dni: z.string().nullable() }),
  cancellationRequest: z.object({ reason: z.string(), requestedAt: isoDateTimeSchema }).nullable(),
  // The administrator who booked it while acting as the student (null when the student booked it).
  actedBy: z.string().nullable(),
  // The administrator who cancelled it, or asked for its cancellation, while acting as the student.
  cancellationActedBy: z.string().nullable(),
});
export type InstructorReservation = z.infer<typeof instructorReservationSchema>;
export const instructorReservationListSchema = z.array(instructorReservationSchema);

// GET /api/instructor/reservations?scope&cursor&limit, one page (lib/contract/paging.ts: the next cursor and the tab's
// capped count in the X-Next-Cursor and X-Total-Count headers).
// pending: requested, or confirmed with a pending cancellation request; upcoming: active and not ended; past: ended;
// all (default). Ordered by the end (then id): ascending, past descending.
export const reservationScopeSchema = z.enum(["pending", "upcoming", "past", "all"]);
export type ReservationScope = z.infer<typeof reservationScopeSchema>;
export const instructorReservationsQuerySchema = pageQuerySchema.extend({ scope: reservationScopeSchema.default("all") });
export type InstructorReservationsQuery = z.infer<typeof instructorReservationsQuerySchema>;

const optionalReason = z
  .string()
  .max(1000, "El motivo no puede superar 1000 caracteres")
  .nullish()
  .transform((r) => (r?.trim() ? r.trim() : null));

// POST /api/instructor/reservations/{id}/deny and /annul
export const optionalReasonBodySchema = z.object({ reason: optionalReason });
export type OptionalReasonBody = z.input<typeof optionalReasonBodySchema>;

// POST /api/instructor/reservations/{id}/cancellation-request/reject
export const rejectCancellationBodySchema = z.object({
  reason: z
    .string({ error: "El motivo es obligatorio" })
    .trim()
    .min(1, "El motivo es obligatorio")
    .max(1000, "El motivo no puede superar 1000 caracteres"),
});
export type RejectCancellationBody = z.infer<typeof rejectCancellationBodySchema>;

// GET /api/instructor/calendar?start&end
export const instructorCalendarQuerySchema = z
  .object({ start: isoDateTimeSchema, end: isoDateTimeSchema })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: "El rango de fechas no es válido" })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= 62 * 86_400_000, {
    message: "El rango de fechas no puede superar 2 meses",
  });
export type InstructorCalendarQuery = z.infer<typeof instructorCalendarQuerySchema>;

// 'availability': an open window of the instructor's schedule; 'reservation-other': denied, cancelled or annulled.
export const instructorCalendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  color: z.string(),
  type: z.enum(["availability", "reservation-pending", "reservation-confirmed", "reservation-other"]),
  reservationId: uuidSchema.nullable(),
  studentName: z.string().nullable(),
});
export type InstructorCalendarEvent = z.infer<typeof instructorCalendarEventSchema>;
export const instructorCalendarSchema = z.array(instructorCalendarEventSchema);

// A lesson of the instructor's day. vehicle: the one active vehicle the school has for the lesson's licence
// ('1234 KLM · Seat Ibiza'), null when it has none or several (reservations carry no meeting point).
export const instructorDayLessonSchema = instructorReservationSchema.extend({ vehicle: z.string().nullable() });
export type InstructorDayLesson = z.infer<typeof instructorDayLessonSchema>;

// GET /api/instructor/dashboard (days on the tenant's clock). today: requested and confirmed lessons that touch today,
// ended ones included, by start; tomorrowFirst: the first of them that starts tomorrow. The pending lists are their
// first page ('Mis reservas' has the rest).
export const instructorDashboardSchema = z.object({
  today: z.array(instructorDayLessonSchema),
  tomorrowFirst: instructorReservationSchema.nullable(),
  pendingRequests: instructorReservationListSchema,
  pendingCancellationRequests: instructorReservationListSchema,
});
export type InstructorDashboard = z.infer<typeof instructorDashboardSchema>;

// GET /api/instructor/students
export const instructorStudentSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  dni: z.string().nullable(),
  licenses: z.array(licenseSchema),
  balance: balanceSchema,
});
export type InstructorStudent = z.infer<typeof instructorStudentSchema>;
export const instructorStudentListSchema = z.array(instructorStudentSchema);
