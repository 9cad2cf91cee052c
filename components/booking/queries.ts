import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { configResponseSchema } from "@/lib/contract/config";
import type { bookingCalendarSchema, bookingConflictListSchema, instructorAssignmentListSchema } from "@/lib/contract/reservations";

// Spec §9: configuration fresh for 5 minutes, assignments for 1 minute.
export const configQueries = {
  config: () =>
    queryOptions({
      queryKey: ["config"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof configResponseSchema>>("/config", signal),
      staleTime: 5 * 60_000,
    }),
};

export type BookingCalendarRange = { instructorId: string; start: string; end: string; durationSeconds: number };

export const bookingQueries = {
  assignments: () =>
    queryOptions({
      queryKey: ["instructor-assignments"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof instructorAssignmentListSchema>>("/student/instructor-assignments", signal),
      staleTime: 60_000,
    }),
  calendarAll: () => ["booking-calendar"] as const,
  calendar: ({ instructorId, start, end, durationSeconds }: BookingCalendarRange) =>
    queryOptions({
      queryKey: [...bookingQueries.calendarAll(), instructorId, start, end, durationSeconds] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ instructor: instructorId, start, end, duration: String(durationSeconds) });
        return apiGet<Answer<typeof bookingCalendarSchema>>(`/student/reservations/calendar?${query}`, signal);
      },
      // Availability changes as other students book: keep it short-lived.
      staleTime: 30_000,
    }),
  /** The student's CAP sessions and exams overlapping [start, end): warned about before confirming. */
  conflicts: ({ start, end }: { start: string; end: string }) =>
    queryOptions({
      queryKey: ["booking-conflicts", start, end] as const,
      queryFn: ({ signal }) =>
        apiGet<Answer<typeof bookingConflictListSchema>>(`/student/reservations/conflicts?${new URLSearchParams({ start, end })}`, signal),
      staleTime: 60_000,
    }),
};

/** Where the 'Hora' pickers read a week from: the booking's calendar by default, a lesson's move calendar (issue 31 §5). */
export type CalendarSource = (range: BookingCalendarRange) => ReturnType<typeof bookingQueries.calendar>;
