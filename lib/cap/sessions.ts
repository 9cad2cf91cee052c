import { formatLocalDate, localDateOf, localTimeOf, zonedInstant } from "./zoned-time";

// Spec §5 and §9: a session without chosen times runs 08:00–18:00 ('Todo el día').
export const DEFAULT_SESSION_START_TIME = "08:00";
export const DEFAULT_SESSION_END_TIME = "18:00";
export const DEFAULT_TIMES_NOTICE = "La sesión utilizará horarios por defecto (8:00 AM - 6:00 PM)";
export const DEFAULT_TIMES_LABEL = "Todo el día";

type Timed = { start: string; end: string };
export type SessionTimes = { startTime: string; endTime: string };
export type SessionGroups<T> = { today: T[]; upcoming: T[]; past: T[] };

const byStart = (a: Timed, b: Timed) => Date.parse(a.start) - Date.parse(b.start);

/**
 * Spec §4: today = the session's local date (of its start) is today; upcoming = starts later and not today;
 * past = everything else that is not today (already ended, or started earlier). Today and upcoming are sorted
 * by start ascending, past by start descending (most recent first).
 */
export function groupSessions<T extends Timed>(sessions: readonly T[], now: Date, timeZone: string): SessionGroups<T> {
  const today = localDateOf(now, timeZone);
  const groups: SessionGroups<T> = { today: [], upcoming: [], past: [] };
  for (const s of sessions) {
    if (localDateOf(s.start, timeZone) === today) groups.today.push(s);
    else if (Date.parse(s.start) > now.getTime()) groups.upcoming.push(s);
    else groups.past.push(s);
  }
  groups.today.sort(byStart);
  groups.upcoming.sort(byStart);
  groups.past.sort((a, b) => byStart(b, a));
  return groups;
}

/** 'Course - dd/MM/yyyy' for a school-local date 'YYYY-MM-DD' (spec §5). */
export function sessionName(courseName: string, date: string): string {
  return `${courseName} - ${formatLocalDate(date)}`;
}

/** The session's instants for a local date and optional times; no times means the default 08:00–18:00. */
export function sessionBounds(date: string, times: SessionTimes | null, timeZone: string): { start: string; end: string } {
  const startTime = times?.startTime ?? DEFAULT_SESSION_START_TIME;
  const endTime = times?.endTime ?? DEFAULT_SESSION_END_TIME;
  return {
    start: zonedInstant(date, startTime, timeZone).toISOString(),
    end: zonedInstant(date, endTime, timeZone).toISOString(),
  };
}

export function sessionTimes(session: Timed, timeZone: string): SessionTimes {
  return { startTime: localTimeOf(session.start, timeZone), endTime: localTimeOf(session.end, timeZone) };
}

export function hasDefaultTimes(session: Timed, timeZone: string): boolean {
  const t = sessionTimes(session, timeZone);
  return t.startTime === DEFAULT_SESSION_START_TIME && t.endTime === DEFAULT_SESSION_END_TIME;
}

/** Spec §5: 'create for today' reuses the latest session's times when they are not the default ones. */
export function timesForToday(sessions: readonly Timed[], timeZone: string): SessionTimes | null {
  const latest = [...sessions].sort((a, b) => byStart(b, a))[0];
  if (!latest || hasDefaultTimes(latest, timeZone)) return null;
  return sessionTimes(latest, timeZone);
}

/** True when the school-local date lies inside the course period (both ends included). */
export function isDateInCourse(date: string, course: { start: string; end: string }): boolean {
  return date >= course.start && date <= course.end;
}
