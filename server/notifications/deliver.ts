import type { NotificationCategory, NotificationChannel } from "@/lib/contract/constants/notifications";
import type { Db } from "../db/client";
import { listSettings } from "../modules/config/config.repository";
import { emailConfigured, EmailError, sendEmail } from "./email";
import { buildEmailMessage } from "./email-message";
import { pushConfigured, sendPush } from "./push";
import { hasQuietHours, isChannelOn, quietHoursEnd } from "./preferences";
import { JobFailure, registerJobHandler, type BatchOutcomes, type JobContext, type JobOutcome } from "./job-registry";
import { DELIVER_JOB, type DeliverPayload } from "./notify";
import type { Job } from "./queue";
import {
  deleteSubscriptionById,
  findDeliveryContexts,
  finishDelivery,
  finishSentDeliveries,
  listPreferenceRows,
  listSubscriptionsOfUsers,
  markSubscriptionsSucceeded,
  recordDeliveryAttempt,
  type DeliveryContext,
  type PushSubscriptionRow,
} from "./notifications.repository";

// The `deliver` job: sends one notification by one channel. Exactly once per notification and channel: the job's key
// is unique (deliver:<id>:<channel>), one worker holds it at a time (SKIP LOCKED + lease), the delivery must still be
// 'pending' when the job starts, and it becomes 'sent' by an update conditioned on 'pending'. A crash after the send
// and before that update resends on the next attempt; the mail's stable Message-ID and the push's Topic header make
// that resend recognisable (see /tmp/notes/notif-core.md, "crash mid-send").

/** Thrown for a failure that retrying cannot fix (an SMTP 5xx refusal): the delivery fails at once. */
class PermanentDeliveryError extends Error {}

type PreferenceRow = Awaited<ReturnType<typeof listPreferenceRows>>[number];
/** What a delivery needs from the database before it sends: read for a whole round at once (load). */
type Loaded = { found: DeliveryContext | null; preferences: PreferenceRow[]; subscriptions: PushSubscriptionRow[]; settings: Record<string, string> };

/**
 * Records a delivery that went out (and the push subscriptions that took it); resolves once that is committed. The job
 * is done only after it: a send whose record is lost stays 'pending' and goes out again on the next attempt, which the
 * mail's Message-ID and the push's Topic make recognisable as the same one.
 */
type RecordSent = (notificationId: string, channel: NotificationChannel, servedSubscriptionIds: string[]) => Promise<void>;

const recordSentAtOnce =
  (db: Db, now: Date): RecordSent =>
  async (notificationId, channel, served) => {
    await markSubscriptionsSucceeded(db, served, now);
    await finishDelivery(db, notificationId, channel, { status: "sent", now });
  };

/**
 * The round's sends recorded together: every 100 sends, or 50 ms after the first one waiting, one statement
 * (finishSentDeliveries). A round of 500 reminders commits its sends in a handful of statements instead of two per
 * reminder (each its own commit and WAL flush on the database that the app's users share), and a crash leaves at most
 * 50 ms of sends unrecorded (sent again on the next attempt, recognisably the same).
 */
function recordSentInBursts(db: Db, now: Date, { size = 100, waitMs = 50 } = {}): RecordSent {
  type Waiting = { notificationId: string; channel: NotificationChannel; served: string[]; resolve: () => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const burst = waiting;
    waiting = [];
    try {
      await finishSentDeliveries(db, burst, burst.flatMap((w) => w.served), now);
      for (const w of burst) w.resolve();
    } catch (error) {
      for (const w of burst) w.reject(error);
    }
  };
  return (notificationId, channel, served) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ notificationId, channel, served, resolve, reject });
      if (waiting.length >= size) void flush();
      else timer ??= setTimeout(() => void flush(), waitMs);
    });
}

const payloadOf = (job: Job) => job.payload as DeliverPayload;

function groupByUser<T extends { userId: string }>(rows: T[]): Map<string, T[]> {
  const byUser = new Map<string, T[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}

/**
 * The rows of every job of the round: the deliveries with their notification, user and school in one query, then per
 * school the users' preferences and push subscriptions in one query each. Three or four statements for the round.
 */
async function load(db: Db, list: Job[]): Promise<Map<number, Loaded>> {
  const contexts = await findDeliveryContexts(db, [...new Set(list.map((job) => payloadOf(job).notificationId))]);
  const contextOf = new Map(contexts.map((c) => [`${c.delivery.notificationId}:${c.delivery.channel}`, c]));
  const found = new Map(list.map((job) => [job.id, contextOf.get(`${payloadOf(job).notificationId}:${payloadOf(job).channel}`) ?? null]));
  const usersBySchool = new Map<string, { all: Set<string>; push: Set<string> }>();
  for (const job of list) {
    const context = found.get(job.id);
    if (!context || context.delivery.status !== "pending") continue;
    const school = usersBySchool.get(context.tenant.id) ?? { all: new Set<string>(), push: new Set<string>() };
    school.all.add(context.user.id);
    if (payloadOf(job).channel === "push") school.push.add(context.user.id);
    usersBySchool.set(context.tenant.id, school);
  }
  const preferencesOf = groupByUser(
    (await Promise.all([...usersBySchool].map(([tenantId, school]) => listPreferenceRows(db, tenantId, [...school.all])))).flat(),
  );
  const subscriptionsOf = groupByUser(
    (await Promise.all([...usersBySchool].map(([tenantId, school]) => listSubscriptionsOfUsers(db, tenantId, [...school.push])))).flat(),
  );
  // Each school's settings (the e-mail's reply-to) once for the round, not once per mail.
  const settingsOf = new Map(await Promise.all([...usersBySchool.keys()].map(async (tenantId) => [tenantId, await listSettings(db, tenantId)] as const)));
  return new Map(
    list.map((job) => {
      const context = found.get(job.id) ?? null;
      const userId = context?.user.id ?? "";
      const settings = (context && settingsOf.get(context.tenant.id)) ?? {};
      return [job.id, { found: context, preferences: preferencesOf.get(userId) ?? [], subscriptions: subscriptionsOf.get(userId) ?? [], settings }];
    }),
  );
}

async function deliverLoaded(job: Job, { db, now }: JobContext, { found, preferences, subscriptions, settings }: Loaded, recordSent: RecordSent): Promise<JobOutcome> {
  const { notificationId, channel } = payloadOf(job);
  if (!found || found.delivery.status !== "pending") return;
  const { notification, user, tenant, delivery } = found;
  const category = notification.category as NotificationCategory;
  const skip = (reason: string) => finishDelivery(db, notificationId, channel, { status: "skipped", skipReason: reason, now }).then(() => undefined);

  // Checked again at send time: the user may have been deactivated or turned the channel off since.
  if (!user.isActive) return skip("inactive");
  if (!isChannelOn(preferences, category, channel)) return skip("disabled");

  try {
    if (channel === "email") {
      if (!emailConfigured()) return skip("not-configured");
      if (!user.email) return skip("no-address");
      const message = await buildEmailMessage(db, { tenant, notification: { ...notification, category }, to: user.email, settings });
      await sendEmail(message).catch((error: unknown) => {
        throw error instanceof EmailError && error.isPermanent ? new PermanentDeliveryError(error.message) : error;
      });
      await recordSent(notificationId, channel, []);
      return;
    }
    if (!pushConfigured()) return skip("not-configured");
    // A retry (back-off) may land in the quiet hours that notify() kept the first attempt out of.
    const quietUntil = hasQuietHours(preferences) ? quietHoursEnd(now, tenant.timeZone) : null;
    if (quietUntil) return { postponeUntil: quietUntil };
    const notServed = subscriptions.filter((s) => !delivery.sentTo.includes(s.id));
    return await deliverPush({ db, now }, notServed, { notificationId, title: notification.title, link: notification.link, alreadySent: delivery.sentTo }, recordSent);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentDeliveryError) {
      await finishDelivery(db, notificationId, channel, { status: "failed", error: message, now });
      return;
    }
    if (!(error instanceof PushRoundError)) await recordDeliveryAttempt(db, notificationId, channel, message);
    throw error;
  }
}

async function deliver(job: Job, ctx: JobContext): Promise<JobOutcome> {
  return deliverLoaded(job, ctx, (await load(ctx.db, [job])).get(job.id)!, recordSentAtOnce(ctx.db, ctx.now));
}

/**
 * A round's deliveries: read together (load), then sent side by side, each settled as deliver() alone would; the sends
 * are recorded in bursts (recordSentInBursts).
 */
async function deliverBatch(list: Job[], ctx: JobContext): Promise<BatchOutcomes> {
  const loaded = await load(ctx.db, list);
  const recordSent = recordSentInBursts(ctx.db, ctx.now);
  const outcomes = await Promise.all(list.map((job) => deliverLoaded(job, ctx, loaded.get(job.id)!, recordSent).catch((error: unknown) => new JobFailure(error))));
  return new Map(list.map((job, i) => [job.id, outcomes[i]]));
}

class PushRoundError extends Error {}

type PushTargetInput = { notificationId: string; title: string; link: string; alreadySent: string[] };

/** To every device of the user not served yet; a device the push service no longer knows is removed. */
async function deliverPush(
  { db, now }: Pick<JobContext, "db" | "now">,
  subscriptions: PushSubscriptionRow[],
  input: PushTargetInput,
  recordSent: RecordSent,
): Promise<JobOutcome> {
  if (subscriptions.length === 0) {
    const status = input.alreadySent.length > 0 ? "sent" : "skipped";
    await finishDelivery(db, input.notificationId, "push", { status, ...(status === "skipped" ? { skipReason: "no-subscription" } : {}), now });
    return;
  }
  const payload = { title: input.title, link: input.link, tag: input.notificationId };
  const results = await Promise.all(
    subscriptions.map((s) =>
      sendPush(s, payload, { notificationId: input.notificationId }).then(
        (result) => ({ id: s.id, result }) as const,
        (error: unknown) => ({ id: s.id, result: "error", error: error instanceof Error ? error.message : String(error) }) as const,
      ),
    ),
  );
  const served = results.filter((r) => r.result === "sent").map((r) => r.id);
  for (const gone of results.filter((r) => r.result === "gone")) await deleteSubscriptionById(db, gone.id);
  const errors = results.flatMap((r) => (r.result === "error" ? [r.error] : []));
  if (errors.length > 0) {
    await markSubscriptionsSucceeded(db, served, now);
    await recordDeliveryAttempt(db, input.notificationId, "push", errors[0]!, served);
    throw new PushRoundError(errors[0]!);
  }
  if (served.length > 0 || input.alreadySent.length > 0) return recordSent(input.notificationId, "push", served);
  await finishDelivery(db, input.notificationId, "push", { status: "skipped", skipReason: "gone", now });
}

async function giveUp(job: Job, error: string, { db, now }: JobContext): Promise<void> {
  const { notificationId, channel } = job.payload as { notificationId: string; channel: NotificationChannel };
  await finishDelivery(db, notificationId, channel, { status: "failed", error, now, isAttempt: false });
}

registerJobHandler(DELIVER_JOB, deliver, { onGiveUp: giveUp, batch: deliverBatch });
