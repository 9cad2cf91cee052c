import type { Tx } from "../../db/client";
import type { Tenant } from "../../http/context";
import { namesOf } from "../../notifications/events.repository";
import { lessonWhen } from "../../notifications/format";
import { notify } from "../../notifications/notify";
import { dropReminders, moveReminders } from "../../notifications/reminders";
import { endAlertsOnBooking, onSlotFreed } from "../../notifications/slot-alerts";
import type { ReservationRow } from "./reservations.repository";

export type Mover = "student" | "instructor" | "office";

/** What a move tells (the outbox, in the move's transaction): the other side; reminders and alerts follow the lesson. */
export async function onMoved(
  tx: Tx,
  tenant: Pick<Tenant, "id" | "timeZone">,
  mover: Mover,
  before: ReservationRow,
  after: ReservationRow,
  now: Date,
): Promise<void> {
  const names = await namesOf(tx, tenant.id, [after.studentId, after.instructorId]);
  const params = {
    previous: lessonWhen(before.startAt, before.endAt, now, tenant.timeZone),
    when: lessonWhen(after.startAt, after.endAt, now, tenant.timeZone),
    student: names.get(after.studentId) ?? "",
    reservationId: after.id,
  };
  const data = { reservationId: after.id };
  if (mover !== "student") {
    const actor = mover === "office" ? "La autoescuela" : (names.get(after.instructorId) ?? "Tu profesor");
    await notify(tx, { tenantId: tenant.id, userIds: [after.studentId], kind: "reservation-moved", params: { ...params, actor }, data, now });
  }
  if (mover !== "instructor") {
    await notify(tx, { tenantId: tenant.id, userIds: [after.instructorId], kind: "reservation-moved-instructor", params, data, now });
  }
  // Reminders belong to a confirmed lesson at its time; a lesson that went back to 'requested' has none until confirmed.
  if (after.status === "confirmed") await moveReminders(tx, tenant.id, after, now);
  else await dropReminders(tx, [after.id]);
  // The old time is free for the students who asked to hear of it; the student's own alerts for the new day end.
  await onSlotFreed(tx, tenant, before, now);
  await endAlertsOnBooking(tx, tenant, after.studentId, after.instructorId, [after.startAt], now);
}
