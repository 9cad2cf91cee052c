import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT } from "@/lib/session/roles";
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  QUIET_HOURS_END_MINUTES,
  QUIET_HOURS_START_MINUTES,
  type NotificationCategory,
  type NotificationChannel,
} from "@/lib/contract/constants/notifications";
import { addDays, localDate, localParts, localToUtc } from "@/lib/time/zoned-time";

// Categories × channels: the defaults a user starts with (an absent preference row means the default), and who
// receives each category. In the app everything is always shown; these govern push and e-mail only. Pure.

export const CATEGORY_DEFAULTS: Record<NotificationCategory, Record<NotificationChannel, boolean>> = {
  reservations: { push: true, email: true },
  reminders: { push: true, email: true },
  practices: { push: true, email: false },
  exams: { push: true, email: true },
  balance: { push: true, email: true },
  chat: { push: true, email: false },
  slots: { push: true, email: true },
  office: { push: true, email: true },
};

type Audience = "student" | "instructor" | "administrator";

// Which roles receive something of each category (the preferences screen shows only these).
const CATEGORY_AUDIENCE: Record<NotificationCategory, readonly Audience[]> = {
  reservations: ["student", "instructor"],
  reminders: ["student", "instructor"],
  practices: ["student"],
  exams: ["student"],
  balance: ["student", "administrator"],
  chat: ["student", "instructor"],
  slots: ["student"],
  office: ["administrator"],
};

// The push quiet hours are stored as the preference row (QUIET_HOURS_CATEGORY, 'push'); on unless turned off.
export const QUIET_HOURS_CATEGORY = "quiet_hours";
export const QUIET_HOURS_DEFAULT = true;

function audiencesOf(roles: readonly string[]): Set<Audience> {
  const set = new Set<Audience>();
  if (roles.includes(ROLE_STUDENT)) set.add("student");
  if (roles.includes(ROLE_INSTRUCTOR)) set.add("instructor");
  if (roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r))) set.add("administrator");
  return set;
}

export function categoriesForRoles(roles: readonly string[]): NotificationCategory[] {
  const audiences = audiencesOf(roles);
  return NOTIFICATION_CATEGORIES.filter((c) => CATEGORY_AUDIENCE[c].some((a) => audiences.has(a)));
}

export const categoryLabel = (category: NotificationCategory) => NOTIFICATION_CATEGORY_LABELS[category];

export type PreferenceRow = { category: string; channel: NotificationChannel; enabled: boolean };

/** Whether a channel of a category is on for a user, given that user's stored rows. */
export function isChannelOn(rows: readonly PreferenceRow[], category: NotificationCategory, channel: NotificationChannel): boolean {
  const row = rows.find((r) => r.category === category && r.channel === channel);
  return row ? row.enabled : CATEGORY_DEFAULTS[category][channel];
}

export function hasQuietHours(rows: readonly PreferenceRow[]): boolean {
  const row = rows.find((r) => r.category === QUIET_HOURS_CATEGORY && r.channel === "push");
  return row ? row.enabled : QUIET_HOURS_DEFAULT;
}

/**
 * When push may go out: `now` outside the quiet hours (22:00–08:00 on the school's clock), else the instant the
 * quiet hours end (08:00 of that morning, local).
 */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const p = localParts(now.getTime(), timeZone);
  const minutes = p.hour * 60 + p.minute;
  const inQuiet = minutes >= QUIET_HOURS_START_MINUTES || minutes < QUIET_HOURS_END_MINUTES;
  if (!inQuiet) return null;
  const today = localDate(now.getTime(), timeZone);
  const morning = minutes >= QUIET_HOURS_START_MINUTES ? addDays(today, 1) : today;
  return new Date(localToUtc(morning, QUIET_HOURS_END_MINUTES, timeZone));
}
