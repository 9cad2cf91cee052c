import { localDateOf } from "./zoned-time";

type SessionTimesLike = { start: string; end: string };
type AttendanceLike = { in: string | null; out: string | null };

/**
 * When attendance can be registered (the server enforces the same rules, see docs/decisions/cap.md):
 * - entry: while the session is current — its school-local date is today and its end has not passed
 *   (students may be checked in before the scheduled start);
 * - exit: on the session's school-local date, after an entry (a student may leave after the scheduled end).
 */
export function isSessionCurrent(session: SessionTimesLike, now: Date, timeZone: string): boolean {
  return isSessionDay(session, now, timeZone) && now.getTime() < Date.parse(session.end);
}

export function isSessionDay(session: SessionTimesLike, now: Date, timeZone: string): boolean {
  return localDateOf(session.start, timeZone) === localDateOf(now, timeZone);
}

export function canRegisterEntry(attendance: AttendanceLike, session: SessionTimesLike, now: Date, timeZone: string): boolean {
  return attendance.in === null && isSessionCurrent(session, now, timeZone);
}

export function canRegisterExit(attendance: AttendanceLike, session: SessionTimesLike, now: Date, timeZone: string): boolean {
  return attendance.in !== null && attendance.out === null && isSessionDay(session, now, timeZone);
}

/** Which of 'Registrar entrada' / 'Registrar salida' a row shows (spec §4). */
export function attendanceActions(
  attendance: AttendanceLike,
  session: SessionTimesLike,
  now: Date,
  timeZone: string,
): { canRegisterIn: boolean; canRegisterOut: boolean } {
  return {
    canRegisterIn: canRegisterEntry(attendance, session, now, timeZone),
    canRegisterOut: canRegisterExit(attendance, session, now, timeZone),
  };
}
