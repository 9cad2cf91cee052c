import type { InstructorReservation } from "@/lib/contract/instructor";
import type { Reservation } from "@/lib/contract/reservations";
import { isLessonDone } from "@/lib/contract/constants/reservations";
import { displayName } from "../users/users.repository";
import type { ReservationRow, ReservationView } from "./reservations.repository";

const HOUR_MS = 3_600_000;

type FlagInput = Pick<ReservationRow, "status" | "startAt" | "cancellationRequestStatus">;

// The student's action flags (spec §4): pure, with `now` as a parameter.
export function reservationFlags(r: FlagInput, now: Date, cancelDeadlineHours: number) {
  const hasCancellationRequest = r.cancellationRequestStatus === "pending";
  const canCancel = r.status === "requested" && !hasCancellationRequest;
  const canRequestCancellation =
    r.status === "confirmed" && !hasCancellationRequest && r.startAt.getTime() - now.getTime() > cancelDeadlineHours * HOUR_MS;
  return {
    hasCancellationRequest,
    canCancel,
    canRequestCancellation,
    // A student moves a lesson inside the cancellation rules (issue 31 §5), and only one still ahead.
    canMove: (canCancel || canRequestCancellation) && r.startAt.getTime() > now.getTime(),
  };
}

/** The instructor and the office move any active lesson still ahead (issue 31 §5). */
export const staffCanMove = (r: Pick<ReservationRow, "status" | "startAt">, now: Date) =>
  (r.status === "requested" || r.status === "confirmed") && r.startAt.getTime() > now.getTime();

// What a reservation's answer reads: any ReservationView, or the booking's own values (booking.service.ts).
export type ReservationViewInput = {
  reservation: FlagInput &
    Pick<ReservationRow, "id" | "endAt" | "instructorId" | "message" | "decisionReason" | "cancellationRequestReason" | "cancellationResponse">;
  instructor: Pick<ReservationView["instructor"], "firstName" | "surname1" | "surname2">;
  license: ReservationView["license"];
};

export function toReservation(view: ReservationViewInput, now: Date, cancelDeadlineHours: number): Reservation {
  const r = view.reservation;
  return {
    id: r.id,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    status: r.status,
    instructor: displayName(view.instructor),
    instructorId: r.instructorId,
    license: view.license.name,
    licenseCode: view.license.code,
    duration: Math.round((r.endAt.getTime() - r.startAt.getTime()) / 1000),
    message: r.message,
    cancellationReason: r.decisionReason ?? r.cancellationRequestReason,
    cancellationResponse: r.cancellationResponse,
    ...reservationFlags(r, now, cancelDeadlineHours),
    isDone: isLessonDone({ status: r.status, end: r.endAt }, now.getTime()),
  };
}

export function toInstructorReservation(view: ReservationView, now: Date, cancelDeadlineHours: number): InstructorReservation {
  const r = view.reservation;
  return {
    ...toReservation(view, now, cancelDeadlineHours),
    canMove: staffCanMove(r, now),
    student: { id: r.studentId, name: displayName(view.student), dni: view.student.dni },
    cancellationRequest:
      r.cancellationRequestStatus === "pending" && r.cancellationRequestReason && r.cancellationRequestedAt
        ? { reason: r.cancellationRequestReason, requestedAt: r.cancellationRequestedAt.toISOString() }
        : null,
    actedBy: view.actedBy ? displayName(view.actedBy) : null,
    cancellationActedBy: view.cancellationActedBy ? displayName(view.cancellationActedBy) : null,
  };
}
