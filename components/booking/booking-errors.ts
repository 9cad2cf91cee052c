import { ApiError } from "@/lib/api-client";
import type { Slot, SlotsUnavailableBody } from "@/lib/contract/reservations";
import { INSUFFICIENT_BALANCE_MESSAGE } from "@/lib/contract/constants/reservations";

export type BookingFailure =
  /** `reason`: the server's words when the slots are refused for a rule (INSIDE_MINIMUM_NOTICE), not taken. */
  | { kind: "slots-unavailable"; slots: Slot[]; reason?: string }
  | { kind: "insufficient-balance"; message: string }
  | { kind: "other"; message: string };

const UNEXPECTED = "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.";

// Spec §8, reservations and booking: how a failed booking is read.
export function readBookingFailure(error: unknown): BookingFailure {
  if (error instanceof ApiError) {
    if (error.code === "SLOTS_UNAVAILABLE" || error.code === "INSIDE_MINIMUM_NOTICE") {
      const slots = (error.body as Partial<SlotsUnavailableBody>).unavailable_slots;
      if (Array.isArray(slots) && slots.length > 0) {
        return error.code === "INSIDE_MINIMUM_NOTICE" && error.serverMessage
          ? { kind: "slots-unavailable", slots, reason: error.serverMessage }
          : { kind: "slots-unavailable", slots };
      }
    }
    if (error.code === "INSUFFICIENT_BALANCE") {
      return { kind: "insufficient-balance", message: error.serverMessage ?? INSUFFICIENT_BALANCE_MESSAGE };
    }
    const nested = error.body.error;
    const nestedMessage =
      nested && typeof nested === "object" && typeof (nested as { message?: unknown }).message === "string"
        ? (nested as { message: string }).message
        : null;
    return { kind: "other", message: error.serverMessage ?? nestedMessage ?? UNEXPECTED };
  }
  return { kind: "other", message: UNEXPECTED };
}
