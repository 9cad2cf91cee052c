import { z } from "zod";
import { pageLimitSchema, pageCursorSchema } from "./paging";
import { uuidSchema } from "./common";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  MARK_READ_MAX_IDS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATIONS_PAGE_DEFAULT,
} from "./constants/notifications";

// The notifications API (issue 29): the in-app list, the unread count, read marks, preferences, the user's own e-mail
// address and Web Push subscriptions. Slot alerts are in slot-alerts.ts.

export const notificationSchema = z.object({
  id: uuidSchema,
  kind: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** An app path ('/student/reservations?id=…'). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

// GET /api/notifications?cursor=&limit= (newest first; X-Next-Cursor)
export const notificationListQuerySchema = z.object({ cursor: pageCursorSchema, limit: pageLimitSchema(NOTIFICATIONS_PAGE_DEFAULT) });

export const notificationUnreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type NotificationUnreadCount = z.infer<typeof notificationUnreadCountSchema>;

// POST /api/notifications/read: some ids, or all of them. Answers the unread count left.
export const markNotificationsReadBodySchema = z.union([
  z.object({ ids: z.array(uuidSchema).min(1, "Indica qué notificaciones marcar").max(MARK_READ_MAX_IDS, `Como mucho ${MARK_READ_MAX_IDS} notificaciones a la vez`) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
], { error: "Indica qué notificaciones marcar como leídas" });
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

/** An e-mail address as stored: trimmed, lower case, at most 254 characters. */
export const emailAddressSchema = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

/** An optional address: absent, null or an empty text means none (null). */
export const optionalEmailSchema = z.preprocess(
  (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
  emailAddressSchema.nullable(),
);

// PUT /api/me/email
export const updateOwnEmailBodySchema = z.object({ email: optionalEmailSchema });
export type UpdateOwnEmailBody = z.infer<typeof updateOwnEmailBodySchema>;
export const ownEmailSchema = z.object({ email: z.string().nullable() });
export type OwnEmail = z.infer<typeof ownEmailSchema>;

export const categoryPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  label: z.string(),
  push: z.boolean(),
  email: z.boolean(),
});
export type CategoryPreference = z.infer<typeof categoryPreferenceSchema>;

// GET/PUT /api/notifications/preferences: the categories that concern the user's roles.
export const notificationPreferencesSchema = z.object({
  email: z.string().nullable(),
  /** E-mail can be sent at all (SMTP configured). */
  emailEnabled: z.boolean(),
  /** Web Push can be sent at all (VAPID keys available). */
  pushEnabled: z.boolean(),
  quietHours: z.boolean(),
  categories: z.array(categoryPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesBodySchema = z.object({
  quietHours: z.boolean({ error: "Indica si quieres horas de silencio" }).optional(),
  categories: z
    .array(z.object({ category: z.enum(NOTIFICATION_CATEGORIES, { error: "La categoría no es válida" }), push: z.boolean(), email: z.boolean() }))
    .max(NOTIFICATION_CATEGORIES.length * 2)
    .optional(),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;

export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

const INVALID_SUBSCRIPTION = "La suscripción del dispositivo no es válida";
// What PushSubscription.toJSON() gives: base64url keys (a P-256 point of 65 bytes, a 16-byte secret).
const base64urlKey = (min: number, max: number) => z.string({ error: INVALID_SUBSCRIPTION }).regex(new RegExp(`^[A-Za-z0-9_+/-]{${min},${max}}={0,2}$`), INVALID_SUBSCRIPTION);
export const pushEndpointSchema = z.string({ error: INVALID_SUBSCRIPTION }).max(2048, INVALID_SUBSCRIPTION).pipe(z.url({ protocol: /^https?$/, error: INVALID_SUBSCRIPTION }));

// POST /api/notifications/push/subscriptions → 201 { id }
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({ p256dh: base64urlKey(86, 88), auth: base64urlKey(22, 24) }, { error: INVALID_SUBSCRIPTION }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionCreatedSchema = z.object({ id: uuidSchema });

// DELETE /api/notifications/push/subscriptions → 204
export const deletePushSubscriptionBodySchema = z.object({ endpoint: pushEndpointSchema });
export type DeletePushSubscriptionBody = z.infer<typeof deletePushSubscriptionBodySchema>;
