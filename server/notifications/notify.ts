import crypto from "node:crypto";
import type { NotificationChannel } from "@/lib/contract/constants/notifications";
import type { Tx } from "../db/client";
import { catalogEntry, type NotificationKind, type NotificationParams } from "./catalog";
import { emailConfigured } from "./email";
import { pushConfigured } from "./push";
import { hasQuietHours, isChannelOn, quietHoursEnd } from "./preferences";
import { enqueueJobs, type QueuedJob } from "./queue";
import {
  findActiveRecipients,
  findTenantById,
  insertDeliveries,
  insertNotifications,
  listPreferenceRows,
  usersWithPush,
} from "./notifications.repository";

export { cancelJobs, scheduleJob } from "./queue";

export type NotifyInput = {
  tenantId: string;
  /** Recipients; duplicates are ignored, inactive or unknown users skipped. */
  userIds: string[];
  kind: NotificationKind;
  /** What the catalog's build() needs (names, dates already formatted, ids). */
  params: NotificationParams;
  /** Per recipient: a second notify() with the same key is a no-op ("once per freed slot", "one reminder"). */
  dedupeKey?: string;
  /** Ids for the link and the UI. */
  data?: Record<string, string>;
  /** The instant of writing (tests); the database's clock otherwise. */
  now?: Date;
};

export const DELIVER_JOB = "deliver";
export const deliverJobKey = (notificationId: string, channel: NotificationChannel) => `deliver:${notificationId}:${channel}`;
export type DeliverPayload = { notificationId: string; channel: NotificationChannel };

/**
 * Writes the notification of each recipient and, for every channel that recipient has on, its pending delivery and
 * the job that sends it, all inside the caller's transaction (the outbox): a rollback sends nothing, a commit always
 * sends. A push inside the recipient's quiet hours is scheduled for when they end; e-mail goes at once.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<void> {
  await notifyMany(tx, [input]);
}

/**
 * notify() for many at once (a round of reminders): the same rows, written with a few statements per school for the
 * whole list instead of a few per notification.
 */
export async function notifyMany(tx: Tx, inputs: readonly NotifyInput[]): Promise<void> {
  const byTenant = new Map<string, NotifyInput[]>();
  for (const input of inputs) {
    if (!catalogEntry(input.kind)) throw new Error(`unknown notification kind: ${input.kind}`);
    byTenant.set(input.tenantId, [...(byTenant.get(input.tenantId) ?? []), input]);
  }
  // One school after the other: a transaction is one connection (pg warns of overlapping queries on one client).
  for (const [tenantId, list] of byTenant) await notifySchool(tx, tenantId, list);
}

async function notifySchool(tx: Tx, tenantId: string, inputs: NotifyInput[]): Promise<void> {
  const recipients = await findActiveRecipients(tx, tenantId, [...new Set(inputs.flatMap((i) => i.userIds))]);
  if (recipients.length === 0) return;
  const emailOf = new Map(recipients.map((r) => [r.id, r.email]));
  // Ids made here, so each written row is known to belong to its input (a dedupe key already taken writes nothing).
  const rows = inputs.flatMap((input) => {
    const entry = catalogEntry(input.kind)!;
    const text = entry.build(input.params);
    return [...new Set(input.userIds)]
      .filter((userId) => emailOf.has(userId))
      .map((userId) => ({
        input,
        category: entry.category,
        row: {
          id: crypto.randomUUID(),
          tenantId,
          userId,
          kind: input.kind,
          category: entry.category,
          title: text.title,
          body: text.body,
          link: text.link,
          data: input.data ?? {},
          dedupeKey: input.dedupeKey ?? null,
          ...(input.now ? { createdAt: input.now } : {}),
        },
      }));
  });
  const createdIds = new Set((await insertNotifications(tx, rows.map((r) => r.row))).map((c) => c.id));
  const created = rows.filter((r) => createdIds.has(r.row.id));
  if (created.length === 0) return;

  const isEmailOn = emailConfigured();
  const isPushOn = pushConfigured();
  if (!isEmailOn && !isPushOn) return;
  const userIds = [...new Set(created.map((c) => c.row.userId))];
  const preferences = await listPreferenceRows(tx, tenantId, userIds);
  const withPush = isPushOn ? await usersWithPush(tx, tenantId, userIds) : new Set<string>();
  const tenant = await findTenantById(tx, tenantId);

  const deliveries: { notificationId: string; channel: NotificationChannel }[] = [];
  const jobs: QueuedJob[] = [];
  for (const { input, category, row } of created) {
    const now = input.now ?? new Date();
    const quietUntil = tenant ? quietHoursEnd(now, tenant.timeZone) : null;
    // Due at once: at the caller's instant (tests), else by the database's clock.
    const runNow = input.now;
    const own = preferences.filter((p) => p.userId === row.userId);
    const email = emailOf.get(row.userId);
    const add = (channel: NotificationChannel, runAt: Date | undefined) => {
      deliveries.push({ notificationId: row.id, channel });
      const payload: DeliverPayload = { notificationId: row.id, channel };
      jobs.push({ key: deliverJobKey(row.id, channel), kind: DELIVER_JOB, tenantId, payload, runAt });
    };
    if (isEmailOn && email && isChannelOn(own, category, "email")) add("email", runNow);
    if (isPushOn && withPush.has(row.userId) && isChannelOn(own, category, "push")) {
      add("push", quietUntil && hasQuietHours(own) ? quietUntil : runNow);
    }
  }
  await insertDeliveries(tx, deliveries);
  await enqueueJobs(tx, jobs);
}
