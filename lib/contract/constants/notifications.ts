// Plain values of the notifications contract (categories, channels, labels, limits, codes): no zod here, so the
// browser can use them without loading the schema library.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./paging";

export const NOTIFICATION_CHANNELS = ["push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CATEGORIES = [
  "reservations",
  "reminders",
  "practices",
  "exams",
  "balance",
  "chat",
  "slots",
  "office",
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

// What the preferences and the unsubscribe page show.
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  reservations: "Reservas",
  reminders: "Recordatorios",
  practices: "Prácticas",
  exams: "Exámenes",
  balance: "Saldo",
  chat: "Mensajes",
  slots: "Huecos libres",
  office: "Oficina",
};

export const NOTIFICATIONS_PAGE_DEFAULT = DEFAULT_PAGE_SIZE;
export const NOTIFICATIONS_PAGE_MAX = MAX_PAGE_SIZE;
// POST /api/notifications/read { ids }: at most this many ids per call.
export const MARK_READ_MAX_IDS = 100;

// Push quiet hours in the school's time zone (per user on/off, on by default): from 22:00 to 08:00.
export const QUIET_HOURS_START_MINUTES = 22 * 60;
export const QUIET_HOURS_END_MINUTES = 8 * 60;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_INVALID_MESSAGE = "El correo electrónico no es válido";
export const EMAIL_IN_USE_ERROR = "EMAIL_IN_USE";
export const EMAIL_IN_USE_MESSAGE = "Ya hay otro usuario con ese correo electrónico";
