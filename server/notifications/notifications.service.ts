import type { z } from "zod";
import type {
  DeletePushSubscriptionBody,
  MarkNotificationsReadBody,
  Notification,
  NotificationPreferences,
  PushSubscriptionBody,
  UpdateNotificationPreferencesBody,
  notificationListQuerySchema,
} from "@/lib/contract/notifications";
import {
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
  type NotificationChannel,
} from "@/lib/contract/constants/notifications";
import { isProduction } from "../env";
import type { Db, DbOrTx } from "../db/client";
import type { Auth } from "../http/context";
import { AppError, forbidden, notFound } from "../http/errors";
import { emailInUse, isEmailInUse } from "./email-address";
import { decodeInstantCursor, instantCursor, pageOf, type Page } from "../http/cursor";
import { emailConfigured } from "./email";
import { pushConfigured, vapidPublicKey } from "./push";
import { categoriesForRoles, hasQuietHours, isChannelOn, QUIET_HOURS_CATEGORY } from "./preferences";
import {
  countUnread,
  deleteSubscriptionByEndpoint,
  findOwnEmail,
  listPage,
  listPreferenceRows,
  markRead,
  updateOwnEmail,
  upsertPreferences,
  upsertSubscription,
  type NotificationRow,
} from "./notifications.repository";

// The in-app list, read marks, preferences, the user's own address and push subscriptions: always the caller's own.

const CURSOR = "notifications";

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  category: row.category as NotificationCategory,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export async function listNotifications(db: Db, tenantId: string, userId: string, q: z.output<typeof notificationListQuerySchema>): Promise<Page<Notification>> {
  const after = q.cursor ? decodeInstantCursor(CURSOR, q.cursor) : null;
  const rows = await listPage(db, tenantId, userId, q.limit, after);
  const page = pageOf(rows, q.limit, (last) => instantCursor(CURSOR, last.createdAt, last.id));
  return { items: page.items.map(toNotification), nextCursor: page.nextCursor };
}

export const unreadNotifications = (db: Db, tenantId: string, userId: string) => countUnread(db, tenantId, userId);

/** Marks some (or all) of the caller's notifications read; answers how many stay unread. */
export async function markNotificationsRead(db: Db, tenantId: string, userId: string, body: MarkNotificationsReadBody, now = new Date()): Promise<number> {
  await markRead(db, tenantId, userId, "all" in body ? "all" : body.ids, now);
  return countUnread(db, tenantId, userId);
}

// ---- preferences

export async function getPreferences(db: DbOrTx, tenantId: string, auth: Auth): Promise<NotificationPreferences> {
  // In turn, not at once: `db` may be a transaction (one connection).
  const rows = await listPreferenceRows(db, tenantId, [auth.userId]);
  const email = await findOwnEmail(db, tenantId, auth.userId);
  return {
    email,
    emailEnabled: emailConfigured(),
    pushEnabled: pushConfigured(),
    quietHours: hasQuietHours(rows),
    categories: categoriesForRoles(auth.roles).map((category) => ({
      category,
      label: NOTIFICATION_CATEGORY_LABELS[category],
      push: isChannelOn(rows, category, "push"),
      email: isChannelOn(rows, category, "email"),
    })),
  };
}

export async function updatePreferences(db: Db, tenantId: string, auth: Auth, body: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> {
  const allowed = new Set(categoriesForRoles(auth.roles));
  const rows: { category: string; channel: NotificationChannel; enabled: boolean }[] = [];
  for (const item of body.categories ?? []) {
    if (!allowed.has(item.category)) {
      throw new AppError("VALIDATION_ERROR", "Esa categoría de avisos no es para tu perfil", 422, { issues: [{ path: "categories", message: "Esa categoría de avisos no es para tu perfil" }] });
    }
    rows.push({ category: item.category, channel: "push", enabled: item.push }, { category: item.category, channel: "email", enabled: item.email });
  }
  if (body.quietHours !== undefined) rows.push({ category: QUIET_HOURS_CATEGORY, channel: "push", enabled: body.quietHours });
  return db.transaction(async (tx) => {
    await upsertPreferences(tx, tenantId, auth.userId, rows);
    return getPreferences(tx, tenantId, auth);
  });
}

// ---- the user's own e-mail address


export async function setOwnEmail(db: Db, tenantId: string, userId: string, email: string | null): Promise<{ email: string | null }> {
  try {
    const saved = await updateOwnEmail(db, tenantId, userId, email);
    if (saved === undefined) throw notFound("Usuario no encontrado");
    return { email: saved };
  } catch (error) {
    if (isEmailInUse(error)) throw emailInUse();
    throw error;
  }
}

// ---- push subscriptions

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const invalidSubscription = () => new AppError("VALIDATION_ERROR", "La suscripción del dispositivo no es válida", 422, { issues: [{ path: "endpoint", message: "La suscripción del dispositivo no es válida" }] });

function decodedLength(value: string): number {
  return Buffer.from(value.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"), "base64url").length;
}

/** A push service endpoint is https; plain http only to this machine, and only outside production (test push services). */
function assertSubscription(body: PushSubscriptionBody): void {
  const url = new URL(body.endpoint);
  const isLocalHttp = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname) && !isProduction;
  if (url.protocol !== "https:" && !isLocalHttp) throw invalidSubscription();
  if (url.username || url.password) throw invalidSubscription();
  const point = Buffer.from(body.keys.p256dh.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"), "base64url");
  // An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte auth secret (RFC 8291).
  if (point.length !== 65 || point[0] !== 0x04 || decodedLength(body.keys.auth) !== 16) throw invalidSubscription();
}

export async function subscribePush(db: Db, tenantId: string, auth: Auth, body: PushSubscriptionBody, userAgent: string | null): Promise<{ id: string }> {
  // This device would receive the user's notifications: not the device of an administrator acting as them.
  if (auth.impersonatorId) throw forbidden("No puedes activar las notificaciones de un dispositivo mientras suplantas a otro usuario");
  if (!pushConfigured()) throw new AppError("PUSH_NOT_CONFIGURED", "Las notificaciones push no están disponibles en esta autoescuela", 409);
  assertSubscription(body);
  const id = await upsertSubscription(db, {
    tenantId,
    userId: auth.userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { id };
}

/** Idempotent: an endpoint that is not the caller's (or no longer exists) changes nothing. */
export async function unsubscribePush(db: Db, tenantId: string, userId: string, body: DeletePushSubscriptionBody): Promise<void> {
  await deleteSubscriptionByEndpoint(db, tenantId, userId, body.endpoint);
}

export const pushPublicKey = async () => ({ publicKey: await vapidPublicKey() });

