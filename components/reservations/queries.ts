import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { reservationListSchema, reservationSchema } from "@/lib/contract/reservations";

// Spec §9: reservations list and single reservation fresh for 1 minute.
const ONE_MINUTE = 60_000;

export const reservationQueries = {
  all: () => ["reservations"] as const,
  list: () =>
    queryOptions({
      queryKey: [...reservationQueries.all(), "list"] as const,
      queryFn: ({ signal }) => apiGet("/student/reservations", reservationListSchema, signal),
      staleTime: ONE_MINUTE,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...reservationQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => {
        if (!id) throw new Error("Reservation ID is required");
        return apiGet(`/student/reservations/${encodeURIComponent(id)}`, reservationSchema, signal);
      },
      staleTime: ONE_MINUTE,
    }),
};
