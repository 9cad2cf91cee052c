"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, type Answer } from "@/lib/api-client";
import type { createReservationResponseSchema, CreateReservationBody } from "@/lib/contract/reservations";
import { balanceQueries } from "@/components/balance/queries";
import { reservationQueries } from "@/components/reservations/queries";
import { STUDENT_CALENDAR_KEY } from "@/components/reservations/use-reservation-actions";
import { bookingQueries } from "./queries";

/** A fresh key per submission attempt: a retried request (same key) is answered once by the server. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function useCreateReservations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReservationBody) =>
      apiRequest<Answer<typeof createReservationResponseSchema>>(
        "/student/reservations",
        { method: "POST", json: body, headers: { "Idempotency-Key": newIdempotencyKey() } },
      ),
    // Spec §7: afterwards the reservations, the balance and its history are refreshed.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reservationQueries.all() }),
        client.invalidateQueries({ queryKey: balanceQueries.all() }),
        client.invalidateQueries({ queryKey: bookingQueries.calendarAll() }),
        client.invalidateQueries({ queryKey: STUDENT_CALENDAR_KEY }),
      ]),
  });
}
