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
export const studentCalendarSchema = z.array(studentCalendarEventSchema);

// The iCal subscription: a secret, revocable URL per student. The feed itself is public and answers text/calendar.
export const CALENDAR_FEED_PATH = "/api/calendar/feed.ics";
export const calendarFeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const calendarFeedQuerySchema = z.object({ token: calendarFeedTokenSchema });

// GET/POST /api/student/calendar/feed: createdAt is null when there is no subscription. path, the feed's same-origin
// path with its token, comes only in POST's answer (the server keeps a hash of the token): GET answers it null.
export const calendarFeedSchema = z.object({
  path: z.string().nullable(),
  createdAt: isoDateTimeSchema.nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
