import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { tenants, users } from "../db/schema/core";
import { notificationDeliveries, notificationPreferences, notifications, pushSubscriptions } from "../db/schema/notifications";
import type { NotificationChannel } from "@/lib/contract/constants/notifications";

// The SQL of notifications: rows, deliveries, preferences and push subscriptions. Every read takes the tenant.

export type NotificationRow = typeof notifications.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function findActiveRecipients(tx: DbOrTx, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds), eq(users.isActive, true)));
}

export type NewNotification = typeof notifications.$inferInsert;

/** Inserts the rows; a recipient who already has the row's dedupe key gets nothing (not returned). */
export async function insertNotifications(tx: DbOrTx, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.tenantId, notifications.userId, notifications.dedupeKey], where: sql`dedupe_key is not null` })
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** One statement over arrays of columns (unnest), however many rows (a round of reminders writes 1,000). */
export async function insertDeliveries(tx: DbOrTx, rows: { notificationId: string; channel: NotificationChannel }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${notificationDeliveries} (notification_id, channel)
    select * from unnest(${sql.param(rows.map((r) => r.notificationId))}::uuid[], ${sql.param(rows.map((r) => r.channel))}::text[])
    on conflict do nothing`);
}

export async function listPreferenceRows(tx: DbOrTx, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ userId: notificationPreferences.userId, category: notificationPreferences.category, channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.tenantId, tenantId), inArray(notificationPreferences.userId, userIds)));
}

export async function upsertPreferences(tx: DbOrTx, tenantId: string, userId: string, rows: { category: string; channel: NotificationChannel; enabled: boolean }[]) {
  if (rows.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ ...r, tenantId, userId })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled` },
    });
}

/** Users of the list with at least one push subscription. */
export async function usersWithPush(tx: DbOrTx, tenantId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), inArray(pushSubscriptions.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

export async function findTenantById(tx: DbOrTx, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
}

// ---- the in-app list

export async function listPage(tx: DbOrTx, tenantId: string, userId: string, limit: number, after: { at: Date; id: string } | null) {
  return tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        eq(notifications.userId, userId),
        after
          ? or(lt(notifications.createdAt, after.at), and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

export async function countUnread(tx: DbOrTx, tenantId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the given ids (or all) read; ids of other users or schools simply match nothing. */
export async function markRead(tx: DbOrTx, tenantId: string, userId: string, ids: string[] | "all", now: Date): Promise<void> {
  await tx
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === "all" ? undefined : inArray(notifications.id, ids),
      ),
    );
}

// ---- deliveries (the deliver job)

/** The deliveries (every channel) of these notifications, each with its notification, user and school: a round of deliver jobs. */
export async function findDeliveryContexts(tx: DbOrTx, notificationIds: string[]) {
  if (notificationIds.length === 0) return [];
  return tx
    .select({ delivery: notificationDeliveries, notification: notifications, user: { id: users.id, email: users.email, isActive: users.isActive }, tenant: tenants })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(tenants, eq(tenants.id, notifications.tenantId))
    .where(inArray(notificationDeliveries.notificationId, notificationIds));
}

export type DeliveryContext = Awaited<ReturnType<typeof findDeliveryContexts>>[number];

const pendingDelivery = (notificationId: string, channel: NotificationChannel) =>
  and(eq(notificationDeliveries.notificationId, notificationId), eq(notificationDeliveries.channel, channel), eq(notificationDeliveries.status, "pending"));

/** Ends a pending delivery (sent, skipped or failed); false when it was no longer pending. */
export async function finishDelivery(
  tx: DbOrTx,
  notificationId: string,
  channel: NotificationChannel,
  outcome: { status: "sent" | "skipped" | "failed"; skipReason?: string; error?: string; now: Date; isAttempt?: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(notificationDeliveries)
    .set({
      status: outcome.status,
      // Giving up after the last failed attempt is no attempt of its own.
      ...(outcome.isAttempt === false ? {} : { attempts: sql`${notificationDeliveries.attempts} + 1` }),
      ...(outcome.status === "sent" ? { sentAt: outcome.now } : {}),
      ...(outcome.skipReason ? { skipReason: outcome.skipReason } : {}),
      ...(outcome.error ? { lastError: outcome.error.slice(0, 1000) } : {}),
    })
    .where(pendingDelivery(notificationId, channel))
    .returning({ id: notificationDeliveries.notificationId });
  return rows.length > 0;
}

/**
 * Several deliveries that went out, in one statement: each pending one becomes 'sent' (one attempt more), and the push
 * subscriptions that took them get their last success. What `finishDelivery` + `markSubscriptionsSucceeded` do for
 * one, for a burst of sends (a round of reminders) in one commit instead of two each.
 */
export async function finishSentDeliveries(
  tx: DbOrTx,
  sent: readonly { notificationId: string; channel: NotificationChannel }[],
  servedSubscriptionIds: readonly string[],
  now: Date,
): Promise<void> {
  if (sent.length === 0 && servedSubscriptionIds.length === 0) return;
  const at = now.toISOString();
  await tx.execute(sql`
    with served as (
      update ${pushSubscriptions} set last_success_at = ${at}::timestamptz
      where id = any(${sql.param([...servedSubscriptionIds])}::uuid[])
      returning 1
    )
    update ${notificationDeliveries} d set status = 'sent', attempts = d.attempts + 1, sent_at = ${at}::timestamptz
    from unnest(${sql.param(sent.map((s) => s.notificationId))}::uuid[], ${sql.param(sent.map((s) => s.channel))}::text[]) as t(notification_id, channel)
    where d.notification_id = t.notification_id and d.channel = t.channel and d.status = 'pending'`);
}

/** A failed attempt of a delivery that will be retried; `sentTo` adds the push subscriptions served meanwhile. */
export async function recordDeliveryAttempt(tx: DbOrTx, notificationId: string, channel: NotificationChannel, error: string, sentTo: string[] = []) {
  await tx
    .update(notificationDeliveries)
    .set({
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      lastError: error.slice(0, 1000),
      ...(sentTo.length > 0 ? { sentTo: sql`${notificationDeliveries.sentTo} || ${sql.param(sentTo)}::text[]` } : {}),
    })
    .where(pendingDelivery(notificationId, channel));
}

// ---- push subscriptions

/** The push subscriptions of several users of one school. */
export async function listSubscriptionsOfUsers(tx: DbOrTx, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.tenantId, tenantId), inArray(pushSubscriptions.userId, userIds)));
}

/** One row per endpoint: subscribing a known endpoint again moves it to this user and these keys. */
export async function upsertSubscription(
  tx: DbOrTx,
  row: { tenantId: string; userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<string> {
  const [saved] = await tx
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { tenantId: row.tenantId, userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent, createdAt: sql`now()`, lastSuccessAt: null },
    })
    .returning({ id: pushSubscriptions.id });
  return saved!.id;
}

export async function deleteSubscriptionByEndpoint(tx: DbOrTx, tenantId: string, userId: string, endpoint: string): Promise<number> {
  const rows = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteSubscriptionById(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionsSucceeded(tx: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, ids));
}

/** One preference (the unsubscribe link turns a category's e-mail off with it). */
export async function setPreference(
  tx: DbOrTx,
  p: { tenantId: string; userId: string; category: string; channel: NotificationChannel; enabled: boolean },
): Promise<void> {
  await upsertPreferences(tx, p.tenantId, p.userId, [{ category: p.category, channel: p.channel, enabled: p.enabled }]);
}

// ---- the user's own e-mail address

export async function findOwnEmail(tx: DbOrTx, tenantId: string, userId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId))).limit(1);
  return row?.email ?? null;
}

/** The saved address; undefined when the user does not exist. A clash fails on users_tenant_email_uq. */
export async function updateOwnEmail(tx: DbOrTx, tenantId: string, userId: string, email: string | null): Promise<string | null | undefined> {
  const [row] = await tx
    .update(users)
    .set({ email, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ email: users.email });
  return row ? row.email : undefined;
}
