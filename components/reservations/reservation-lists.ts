import type { Reservation, ReservationStatus } from "@/lib/contract/reservations";
import { compareSpanish } from "@/lib/format/text";

// Spec §2 student reservations page: upcoming means the end is later than now; previous means earlier.
export function splitByTime(reservations: readonly Reservation[], now: number) {
  const upcoming = reservations.filter((r) => Date.parse(r.end) > now);
  // Previous ones read best newest first.
  const previous = reservations
    .filter((r) => Date.parse(r.end) <= now)
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  return { upcoming, previous };
}

export const ALL = "all";
export type ReservationFilters = { instructor: string; license: string };
export const NO_FILTERS: ReservationFilters = { instructor: ALL, license: ALL };

const distinctSorted = (values: string[]) => [...new Set(values)].sort(compareSpanish);

/** The distinct instructors and licences among the loaded reservations, sorted. */
export function filterOptions(reservations: readonly Reservation[]) {
  return {
    instructors: distinctSorted(reservations.map((r) => r.instructor)),
    licenses: distinctSorted(reservations.map((r) => r.license)),
  };
}

export function applyFilters(reservations: readonly Reservation[], filters: ReservationFilters): Reservation[] {
  return reservations.filter(
    (r) =>
      (filters.instructor === ALL || r.instructor === filters.instructor) &&
      (filters.license === ALL || r.license === filters.license),
  );
}

/** Confirmed and requested reservations are active and shown fully; the others are dimmed (spec §4). */
export const isActiveStatus = (status: ReservationStatus) => status === "requested" || status === "confirmed";

/** What the 'Próximas reservas' tab counts: the lessons the student still has (requested or confirmed), not the
 * cancelled or annulled ones it also lists. The server's X-Total-Count counts the same (reservations.service.ts). */
export const countActive = (reservations: readonly Reservation[]) => reservations.filter((r) => isActiveStatus(r.status)).length;
