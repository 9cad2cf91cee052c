import { formatLessonTime } from "@/lib/format/lesson-time";
import type { Db, Tx } from "../db/client";
import { listSettings } from "../modules/config/config.repository";
import { listReservationViews } from "../modules/reservations/reservations.repository";
import { displayName } from "../modules/users/users.repository";
import { findTenantById } from "./notifications.repository";
import { notifyMany, type NotifyInput } from "./notify";
import { cancelJobs, scheduleJob } from "./queue";
import { reminderHoursOf } from "./schedule-settings";

// Lesson reminders (issue 29): jobs `reminder:<reservationId>:<hours>:<startMs>` due `hours` before a confirmed
// lesson, one per value of the school's 'Recordatorios de clase (horas antes)'. Scheduled in the transaction that
// confirms the lesson (or books it already confirmed), dropped in the one that cancels, annuls or denies it; a lesson
// that moves gets new ones (the start is in the key, so a reminder that already went out for the old time does not
// block the new one). The job re-reads the lesson when it runs and says nothing unless it is still confirmed, still
// at that time and still ahead.

export const REMINDER_JOB = "reminder";
export type ReminderPayload = { tenantId: string; reservationId: string; hours: number; startAt: string };

const HOUR_MS = 3_600_000;
const keyPrefix = (reservationId: string) => `reminder:${reservationId}:`;

type Lesson = { id: string; startAt: Date };

/** The reminders of confirmed lessons, inside the caller's transaction; those whose moment has passed are skipped. */
export async function scheduleReminders(tx: Tx, tenantId: string, lessons: readonly Lesson[], now: Date): Promise<void> {
  if (lessons.length === 0) return;
  const hours = reminderHoursOf((await listSettings(tx, tenantId)).lesson_reminder_hours);
  for (const lesson of lessons) {
    for (const h of hours) {
      const runAt = new Date(lesson.startAt.getTime() - h * HOUR_MS);
      if (runAt.getTime() <= now.getTime()) continue;
      const payload: ReminderPayload = { tenantId, reservationId: lesson.id, hours: h, startAt: lesson.startAt.toISOString() };
      await scheduleJob(tx, { key: `${keyPrefix(lesson.id)}${h}:${lesson.startAt.getTime()}`, kind: REMINDER_JOB, runAt, payload, tenantId });
    }
  }
}

/** Drops the reminders not yet sent of lessons that are no longer going ahead. */
export async function dropReminders(tx: Tx, reservationIds: readonly string[]): Promise<void> {
  for (const id of reservationIds) await cancelJobs(tx, keyPrefix(id));
}

/** A lesson moved to another time: its pending reminders go, the new time's come. */
export async function moveReminders(tx: Tx, tenantId: string, lesson: Lesson, now: Date): Promise<void> {
  await dropReminders(tx, [lesson.id]);
  await scheduleReminders(tx, tenantId, [lesson], now);
}

/** The job: one reminder, if the lesson still stands as it was when the reminder was scheduled. */
export async function runReminder(db: Db, payload: ReminderPayload, now: Date): Promise<"sent" | "skipped"> {
  return (await runReminders(db, [payload], now))[0]!;
}

/**
 * A round's reminders together (the worker's batch): one transaction that reads their lessons with one query per school
 * and writes every notification with notifyMany. Each gets what runReminder alone would give it.
 */
export async function runReminders(db: Db, payloads: readonly ReminderPayload[], now: Date): Promise<("sent" | "skipped")[]> {
  return db.transaction(async (tx) => {
    const outcomes: ("sent" | "skipped")[] = payloads.map(() => "skipped");
    const inputs: NotifyInput[] = [];
    const byTenant = new Map<string, number[]>();
    payloads.forEach((p, i) => byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), i]));
    for (const [tenantId, indexes] of byTenant) {
      const views = await listReservationViews(tx, tenantId, { ids: [...new Set(indexes.map((i) => payloads[i]!.reservationId))] });
      const viewOf = new Map(views.map((v) => [v.reservation.id, v]));
      const hours = reminderHoursOf((await listSettings(tx, tenantId)).lesson_reminder_hours);
      const tenant = await findTenantById(tx, tenantId);
      if (!tenant) continue;
      for (const i of indexes) {
        const payload = payloads[i]!;
        const view = viewOf.get(payload.reservationId);
        const r = view?.reservation;
        const isStanding = r?.status === "confirmed" && r.startAt.toISOString() === payload.startAt && r.startAt.getTime() > now.getTime();
        // A school that changed its reminder hours meanwhile no longer wants this one; one that runs late (the process
        // was down) gives way to a closer reminder already due.
        const isWanted = hours.includes(payload.hours);
        const isSuperseded = hours.some((h) => h < payload.hours && now.getTime() >= Date.parse(payload.startAt) - h * HOUR_MS);
        if (!view || !r || !isStanding || !isWanted || isSuperseded) continue;
        outcomes[i] = "sent";
        inputs.push({
          tenantId,
          userIds: [r.studentId],
          kind: "lesson-reminder",
          params: {
            when: formatLessonTime(r.startAt, r.endAt, now, tenant.timeZone),
            instructor: displayName(view.instructor),
            license: view.license.name,
            reservationId: r.id,
          },
          data: { reservationId: r.id },
          dedupeKey: `reminder:${r.id}:${payload.hours}:${r.startAt.getTime()}`,
          now,
        });
      }
    }
    await notifyMany(tx, inputs);
    return outcomes;
  });
}
