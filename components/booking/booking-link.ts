import { noonOfDate, startOfSpanishWeek } from "@/lib/format/dates";

// A link into the wizard ('/student/reservations/new?instructor=<id>&date=YYYY-MM-DD', a freed-slot notification's):
// it opens the 'Hora' step with that instructor, on that day (phone) or its week (wide screen). Pure, unit-tested.

export type BookingLink = { instructorId: string; date: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readBookingLink(params: { get: (name: string) => string | null }): BookingLink | null {
  const instructorId = params.get("instructor");
  if (!instructorId || !UUID.test(instructorId)) return null;
  const date = params.get("date");
  const isDate = !!date && DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
  return { instructorId, date: isDate ? date : null };
}

/** The assignment the link means: the first with that instructor (a student may have them for two licences). */
export const linkedAssignment = <A extends { instructor: { id: string } }>(assignments: readonly A[], link: BookingLink | null) =>
  link ? (assignments.find((a) => a.instructor.id === link.instructorId) ?? null) : null;

/** The week grid's Monday for the linked day. */
export const linkedWeekStart = (date: string) => startOfSpanishWeek(noonOfDate(date));
