"use client";

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost, errorText, type Answer } from "@/lib/api-client";
import type { bookingCalendarSchema, MoveReservationBody, reservationSchema } from "@/lib/contract/reservations";
import { bookingQueries, type BookingCalendarRange, type CalendarSource } from "@/components/booking/queries";
import { toast } from "@/components/ui/use-toast";

/** Who moves the lesson: the API area of the caller (issue 31 §5). */
export type MoverRole = "student" | "instructor" | "administrator";

const base = (role: MoverRole, id: string) => `/${role}/reservations/${encodeURIComponent(id)}`;

/** The week a lesson can move into, under the booking calendar's key prefix (a booking or a move refreshes both). */
export function moveCalendarSource(role: MoverRole, id: string): CalendarSource {
  // The booking calendar's key shape, with the lesson in the instructor's place (one type for both sources).
  const lessonKey: string = `move:${role}:${id}`;
  return ({ start, end, durationSeconds }: BookingCalendarRange) =>
    queryOptions({
      queryKey: [...bookingQueries.calendarAll(), lessonKey, start, end, durationSeconds] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ start, end, duration: String(durationSeconds) });
        return apiGet<Answer<typeof bookingCalendarSchema>>(`${base(role, id)}/move-calendar?${query}`, signal);
      },
      staleTime: 30_000,
    });
}

/**
 * Moves a lesson and refreshes everything that shows it: the lists of the three areas, the calendars, the balance and
 * its history (a price difference has its ledger row), the office's home.
 */
export function useMoveLesson(role: MoverRole) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slot }: { id: string; slot: MoveReservationBody }) =>
      apiPost<Answer<typeof reservationSchema>>(`${base(role, id)}/move`, slot),
    onError: (error) =>
      toast({
        title: "No se pudo cambiar la hora",
        description: errorText(error, "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo."),
        variant: "destructive",
      }),
    // Every area's keys differ (["reservations"], ["instructor"], ["office"], ["calendar"], ["balance"]...): a move
    // is rare enough to refresh them all.
    onSettled: () => client.invalidateQueries(),
  });
}
