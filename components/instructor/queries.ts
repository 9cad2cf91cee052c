import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { availabilitySchema } from "@/lib/contract/availability";
import {
  instructorCalendarSchema,
  instructorDashboardSchema,
  instructorReservationListSchema,
  instructorStudentListSchema,
  type ReservationScope,
} from "@/lib/contract/instructor";

// The instructor's screens use the student side's lifetimes: reservations 1 minute (spec §9).
const ONE_MINUTE = 60_000;

export const instructorQueries = {
  all: () => ["instructor"] as const,
  reservations: (scope: ReservationScope) =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "reservations", scope] as const,
      queryFn: ({ signal }) => apiGet(`/instructor/reservations?scope=${scope}`, instructorReservationListSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  dashboard: () =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "dashboard"] as const,
      queryFn: ({ signal }) => apiGet("/instructor/dashboard", instructorDashboardSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  calendar: (start: string, end: string) =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "calendar", start, end] as const,
      queryFn: ({ signal }) =>
        apiGet(`/instructor/calendar?${new URLSearchParams({ start, end })}`, instructorCalendarSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  students: () =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "students"] as const,
      queryFn: ({ signal }) => apiGet("/instructor/students", instructorStudentListSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  availability: () =>
    queryOptions({
      queryKey: [...instructorQueries.all(), "availability"] as const,
      queryFn: ({ signal }) => apiGet("/instructor/availability", availabilitySchema, signal),
      staleTime: 5 * 60_000,
    }),
};
