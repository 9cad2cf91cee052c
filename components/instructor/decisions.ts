import type { InstructorReservation } from "@/lib/contract/instructor";
import type { Decision } from "./use-reservation-decision";

/** What the instructor may do now; the server checks again (409 INVALID_RESERVATION_STATUS). */
export function availableDecisions(r: InstructorReservation, now: number): Decision[] {
  if (r.status === "requested") return ["confirm", "deny"];
  if (r.status !== "confirmed") return [];
  if (r.hasCancellationRequest) return ["acceptCancellation", "rejectCancellation"];
  return Date.parse(r.end) > now ? ["annul"] : [];
}
