import type { Db, Tx } from "../db/client";
import { findReservationView, type ReservationRow } from "../modules/reservations/reservations.repository";
import { displayName } from "../modules/users/users.repository";
import { listAdministratorIds } from "./events.repository";
import { lessonWhen } from "./format";
import { findTenantById } from "./notifications.repository";
import { notify } from "./notify";
import { cancelJobs, scheduleJob } from "./queue";

// A cancellation request nobody answered in 24 hours goes to the office (issue 29). The job
// `stale-cancel:<reservationId>:<requestedAtMs>` is scheduled with the request (the instant is in the key: a second
// request after a refusal gets its own) and dropped when the request is answered; when it runs it checks that this
// very request is still pending.

export const STALE_CANCEL_JOB = "stale-cancel";
export const STALE_AFTER_MS = 24 * 3_600_000;
export type StaleCancelPayload = { tenantId: string; reservationId: string; requestedAt: string };

const keyPrefix = (reservationId: string) => `stale-cancel:${reservationId}:`;

export async function scheduleStaleCheck(tx: Tx, tenantId: string, row: Pick<ReservationRow, "id" | "cancellationRequestedAt">, now: Date) {
  const requestedAt = row.cancellationRequestedAt ?? now;
  const payload: StaleCancelPayload = { tenantId, reservationId: row.id, requestedAt: requestedAt.toISOString() };
  const runAt = new Date(requestedAt.getTime() + STALE_AFTER_MS);
  await scheduleJob(tx, { key: `${keyPrefix(row.id)}${requestedAt.getTime()}`, kind: STALE_CANCEL_JOB, runAt, payload, tenantId });
}

export async function dropStaleCheck(tx: Tx, reservationId: string): Promise<void> {
  await cancelJobs(tx, keyPrefix(reservationId));
}

/** The job: the office is told if this request is still pending (and its lesson still ahead). */
export async function runStaleCancellation(db: Db, payload: StaleCancelPayload, now: Date): Promise<"sent" | "skipped"> {
  return db.transaction(async (tx) => {
    const view = await findReservationView(tx, payload.tenantId, payload.reservationId);
    const r = view?.reservation;
    const isPending =
      r?.status === "confirmed" &&
      r.cancellationRequestStatus === "pending" &&
      r.cancellationRequestedAt?.toISOString() === payload.requestedAt &&
      r.startAt.getTime() > now.getTime();
    if (!view || !r || !isPending) return "skipped";
    const tenant = await findTenantById(tx, payload.tenantId);
    const office = await listAdministratorIds(tx, payload.tenantId);
    if (!tenant || office.length === 0) return "skipped";
    await notify(tx, {
      tenantId: payload.tenantId,
      userIds: office,
      kind: "cancellation-stale",
      params: {
        student: displayName(view.student),
        instructor: displayName(view.instructor),
        when: lessonWhen(r.startAt, r.endAt, now, tenant.timeZone),
        instructorId: r.instructorId,
        reservationId: r.id,
      },
      data: { reservationId: r.id },
      dedupeKey: `stale-cancel:${r.id}:${Date.parse(payload.requestedAt)}`,
      now,
    });
    return "sent";
  });
}
