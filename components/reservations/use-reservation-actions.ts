"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiPost, type Answer } from "@/lib/api-client";
import type { reservationSchema, RequestCancellationBody } from "@/lib/contract/reservations";
import { toast } from "@/components/ui/use-toast";
import { balanceQueries } from "@/components/balance/queries";
import { bookingQueries } from "@/components/booking/queries";
import { actionFailureToast, CANCEL_FAILED_TITLE, REQUEST_FAILED_TITLE } from "./action-errors";
import { reservationQueries } from "./queries";

// A refused cancel or cancellation request is logged and told to the student (action-errors.ts).
function onFailure(title: string, log: string) {
  return (error: unknown) => {
    console.error(log, error);
    toast(actionFailureToast(title, error));
  };
}

// The student calendar's queries (/student/calendar) live under this key prefix.
export const STUDENT_CALENDAR_KEY = ["calendar"] as const;

// Spec §7: after a cancel or a cancellation request, refresh the reservations, the single reservation,
// the calendar events, the balance and the balance history.
function refreshAfterChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: reservationQueries.all() }),
    client.invalidateQueries({ queryKey: STUDENT_CALENDAR_KEY }),
    client.invalidateQueries({ queryKey: bookingQueries.calendarAll() }),
    client.invalidateQueries({ queryKey: balanceQueries.all() }),
  ]);
}

export function useCancelReservation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<Answer<typeof reservationSchema>>(`/student/reservations/${encodeURIComponent(id)}/cancel`, undefined),
    onSuccess: () => {
      toast({
        title: "Solicitud cancelada",
        description: "Tu solicitud de reserva ha sido cancelada correctamente.",
        variant: "success",
      });
    },
    onError: onFailure(CANCEL_FAILED_TITLE, "Cancel reservation failed"),
    onSettled: () => refreshAfterChange(client),
  });
}

export function useRequestCancellation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string } & RequestCancellationBody) =>
      apiPost<Answer<typeof reservationSchema>>(`/student/reservations/${encodeURIComponent(id)}/request-cancellation`, { reason: reason.trim() }),
    onSuccess: () => {
      toast({
        title: "Solicitud enviada",
        description: "Tu solicitud de cancelación ha sido enviada. La autoescuela la revisará pronto.",
        variant: "success",
      });
    },
    onError: onFailure(REQUEST_FAILED_TITLE, "Cancellation request failed"),
    onSettled: () => refreshAfterChange(client),
  });
}
