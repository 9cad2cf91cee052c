import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiGet, apiGetPage, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type { reservationListSchema, reservationSchema, StudentReservationScope } from "@/lib/contract/reservations";

// Spec §9: reservations list and single reservation fresh for 1 minute.
const ONE_MINUTE = 60_000;

// 'Reservas' shows two tabs, each list read a page at a time; the page's first view reads both first pages, so both
// tabs' counts are there.
export const RESERVATION_TABS = ["upcoming", "previous"] as const satisfies readonly StudentReservationScope[];

export const reservationQueries = {
  all: () => ["reservations"] as const,
  // One tab's list, a page at a time; its first page carries the tab's count (X-Total-Count).
  list: (scope: StudentReservationScope) =>
    infiniteQueryOptions({
      queryKey: [...reservationQueries.all(), "list", scope] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof reservationListSchema>>(pagePath("/student/reservations", { scope }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
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
