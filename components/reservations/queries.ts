import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { reservationListSchema, reservationSchema } from "@/lib/contract/reservations";

// Spec §9: reservations list and single reservation fresh for 1 minute.
const ONE_MINUTE = 60_000;

export const reservationQueries = {
  all: () => ["reservations"] as const,
  list: () =>
    queryOptions({
      queryKey: [...reservationQueries.all(), "list"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof reservationListSchema>>("/student/reservations", signal),
      staleTime: ONE_MINUTE,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...reservationQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => {
        if (!id) throw new Error("Reservation ID is required");
        return apiGet<Answer<typeof reservationSchema>>(`/student/reservations/${encodeURIComponent(id)}`, signal);
      },
      staleTime: ONE_MINUTE,
    }),
};
