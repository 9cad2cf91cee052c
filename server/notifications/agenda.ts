import { and, eq } from "drizzle-orm";
import { addDays, localClock, localDate, localToUtc } from "@/lib/time/zoned-time";
import type { Db, DbOrTx } from "../db/client";
import { tenants } from "../db/schema/core";
import { listSettings } from "../modules/config/config.repository";
import { listReservationViews } from "../modules/reservations/reservations.repository";
import { displayName } from "../modules/users/users.repository";
import { notify } from "./notify";
import { cancelJobs, scheduleJob } from "./queue";
import { agendaMinutesOf } from "./schedule-settings";

// The instructor's agenda for tomorrow (issue 29), at the school's 'Hora del resumen diario del profesor' (20:00 by
// default, school time): one job per school and day, `agenda:<tenantId>:<YYYY-MM-DD>`, created by the scheduler's
// tick; when it runs, each instructor with confirmed lessons the next day is told how many, from when to when and
// with whom the first one is. An instructor with no lessons hears nothing.

export const AGENDA_JOB = "agenda";
export type AgendaPayload = { tenantId: string; date: string };
/** An agenda whose moment passed longer ago than this (the process was down) is not sent late. */
export const AGENDA_LATE_MS = 2 * 3_600_000;

export const agendaJobKey = (tenantId: string, date: string) => `${AGENDA_JOB}:${tenantId}:${date}`;

/** Today's agenda job of every active school, at its agenda time (moved if the school changed it; none if off). */
export async function scheduleAgendaJobs(tx: DbOrTx, now: Date): Promise<number> {
  const schools = await tx.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.isActive, true));
  let scheduled = 0;
  for (const school of schools) {
    const today = localDate(now.getTime(), school.timeZone);
    const key = agendaJobKey(school.id, today);
    const minutes = agendaMinutesOf((await listSettings(tx, school.id)).instructor_agenda_time);
    if (minutes === null) {
      await cancelJobs(tx, key);
      continue;
    }
    const runAt = new Date(localToUtc(today, minutes, school.timeZone));
    if (now.getTime() - runAt.getTime() > AGENDA_LATE_MS) continue;
    const payload: AgendaPayload = { tenantId: school.id, date: today };
    await scheduleJob(tx, { key, kind: AGENDA_JOB, runAt, payload, tenantId: school.id });
    scheduled += 1;
  }
  return scheduled;
}

type Day = { count: number; from: string; to: string; firstStudent: string };

/** The job: tomorrow's confirmed lessons, told to each of their instructors. Returns how many were told. */
export async function runAgenda(db: Db, payload: AgendaPayload, runAt: Date, now: Date): Promise<number> {
  if (now.getTime() - runAt.getTime() > AGENDA_LATE_MS) return 0;
  return db.transaction(async (tx) => {
    const [school] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(and(eq(tenants.id, payload.tenantId), eq(tenants.isActive, true)));
    if (!school) return 0;
    const tz = school.timeZone;
    const tomorrow = addDays(payload.date, 1);
    const from = new Date(localToUtc(tomorrow, 0, tz));
    const to = new Date(localToUtc(addDays(tomorrow, 1), 0, tz));
    const views = (await listReservationViews(tx, payload.tenantId, { statuses: ["confirmed"], from, to })).filter((v) => v.reservation.startAt >= from);
    const days = new Map<string, Day>();
    for (const { reservation: r, student } of views) {
      const day = days.get(r.instructorId);
      if (!day) days.set(r.instructorId, { count: 1, from: localClock(r.startAt.getTime(), tz), to: localClock(r.endAt.getTime(), tz), firstStudent: displayName(student) });
      else Object.assign(day, { count: day.count + 1, to: localClock(r.endAt.getTime(), tz) });
    }
    for (const [instructorId, day] of days) {
      await notify(tx, {
        tenantId: payload.tenantId,
        userIds: [instructorId],
        kind: "agenda-tomorrow",
        params: { ...day, date: tomorrow },
        dedupeKey: `agenda:${tomorrow}`,
        now,
      });
    }
    return days.size;
  });
}
