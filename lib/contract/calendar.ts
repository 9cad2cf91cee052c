import { z } from "zod";
import { isoDateTimeSchema } from "./common";

// A student calendar request spans at most this many days (a month view with its spill-over weeks fits).
export const CALENDAR_MAX_RANGE_DAYS = 62;

export const studentCalendarQuerySchema = z
  .object({ start: isoDateTimeSchema, end: isoDateTimeSchema })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: "El fin debe ser posterior al inicio", path: ["end"] })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= CALENDAR_MAX_RANGE_DAYS * 86_400_000, {
    message: `El rango no puede superar ${CALENDAR_MAX_RANGE_DAYS} días`,
    path: ["end"],
  });
export type StudentCalendarQuery = z.infer<typeof studentCalendarQuerySchema>;

// §3 Calendar event (student calendar).
export const studentCalendarEventSchema = z.object({
  id: z.string(),
  type: z.enum(["reservation", "practice", "manual_practice", "session"]),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  color: z.string(),
  url: z.string().nullable(),
  data: z.object({
    status: z.enum(["requested", "denied", "confirmed", "annulled", "cancelled"]).nullable(),
    reservationId: z.string().nullable(),
    practiceId: z.string().nullable(),
  }),
});
export type StudentCalendarEvent = z.infer<typeof studentCalendarEventSchema>;

// Spec §2 colours of the student calendar: the API paints the events, the page's legend repeats them.
export const STUDENT_CALENDAR_COLORS = {
  requested: "#f59e0b",
  confirmed: "#0891b2",
  denied: "#dc2626",
  annulled: "#9ca3af",
  cancelled: "#9ca3af",
  practice: "#16a34a",
  manual_practice: "#166534",
  session: "#2563eb",
} as const;

/** An event's link, only when it is a web address (the page opens it in a new tab; the iCal feed carries it). */
export function webLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
export const studentCalendarSchema = z.array(studentCalendarEventSchema);

// The iCal subscription: a secret, revocable URL per student. The feed itself is public and answers text/calendar.
export const CALENDAR_FEED_PATH = "/api/calendar/feed.ics";
export const calendarFeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const calendarFeedQuerySchema = z.object({ token: calendarFeedTokenSchema });

// GET/POST /api/student/calendar/feed: path is the feed's same-origin path with its token (null: no subscription).
export const calendarFeedSchema = z.object({
  path: z.string().nullable(),
  createdAt: isoDateTimeSchema.nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
