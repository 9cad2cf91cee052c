import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { AGENDA_JOB, runAgenda, scheduleAgendaJobs, type AgendaPayload } from "./agenda";
import { CHAT_UNREAD_JOB, runChatUnread, type ChatUnreadPayload } from "./chat-unread";
import { registerJobHandler, registerPeriodicTask } from "./job-registry";
import { REMINDER_JOB, runReminder, runReminders, type ReminderPayload } from "./reminders";
import { expireSlotAlerts } from "./slot-alerts";
import { STALE_CANCEL_JOB, runStaleCancellation, type StaleCancelPayload } from "./stale-cancellations";

// The timed side of notifications (issue 29): the handlers of the jobs that reminders, chat messages, cancellation
// requests and the daily agenda schedule, and a tick once a minute that creates each school's agenda job for the day
// and ends the freed-slot alerts whose days have passed. Every handler re-reads what it is about when it runs, so a
// job for something that changed meanwhile says nothing; every notification it writes has a dedupe key, so a job run
// twice (a worker that died after writing, before completing) tells once.

export const TICK_INTERVAL_MS = 60_000;
// Any constant shared by every replica (housekeeping uses 72_616_002): one tick at a time per database.
export const TICK_LOCK_KEY = 72_616_029;

/** One tick, under an advisory lock (the replicas that do not get it skip this round): false when skipped. */
export async function runSchedulerTick(db: Db, now: Date): Promise<boolean> {
  const ran = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${TICK_LOCK_KEY}) as locked`);
    if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
    await scheduleAgendaJobs(tx, now);
    return true;
  });
  if (ran) await expireSlotAlerts(db, now);
  return ran;
}

registerJobHandler(
  REMINDER_JOB,
  async (job, ctx) => {
    await runReminder(ctx.db, job.payload as ReminderPayload, ctx.now);
  },
  {
    // Lessons that start at the same hour fall due together: their reminders go in one transaction.
    batch: async (list, ctx) => {
      await runReminders(ctx.db, list.map((job) => job.payload as ReminderPayload), ctx.now);
      return new Map(list.map((job) => [job.id, undefined]));
    },
  },
);
registerJobHandler(CHAT_UNREAD_JOB, async (job, ctx) => {
  await runChatUnread(ctx.db, job.payload as ChatUnreadPayload, ctx.now);
});
registerJobHandler(STALE_CANCEL_JOB, async (job, ctx) => {
  await runStaleCancellation(ctx.db, job.payload as StaleCancelPayload, ctx.now);
});
registerJobHandler(AGENDA_JOB, async (job, ctx) => {
  await runAgenda(ctx.db, job.payload as AgendaPayload, job.runAt, ctx.now);
});
registerPeriodicTask({ name: "notifications-tick", intervalMs: TICK_INTERVAL_MS, run: async (db, now) => void (await runSchedulerTick(db, now)) });
