import { MANUAL_REASON_LABELS, RECORD_ERRORS, type AttendanceMethod, type ManualReason } from "@/lib/contract/constants/cap";
import { localTimeOf } from "./zoned-time";

// Manual times and corrections of CAP attendance (issue 30 §3/§4): the rules the forms check and the server enforces
// again (docs/decisions/cap.md, "Fallbacks and corrections"), and how a record reads on screen.

type SessionTimesLike = { start: string; end: string };
type AttendanceLike = { in: string | null; out: string | null };
type RecordLike = { method: AttendanceMethod; reason: ManualReason | null; note: string | null };

export type TimeRuleError = { code: string; message: string };

/** Corrections are made once the session has ended (the same day after its end, or any later day). */
export function isSessionFinished(session: SessionTimesLike, now: Date): boolean {
  return now.getTime() >= Date.parse(session.end);
}

/**
 * A time typed by hand (a forgotten exit, a correction) lies within the session's scheduled bounds, both included,
 * and keeps the exit after the entry. Live registrations (a capture, a manual one at 'now') follow the session's
 * day rules instead (lib/cap/attendance.ts).
 */
export function checkTypedTime(
  type: "in" | "out",
  time: string,
  session: SessionTimesLike,
  attendance: AttendanceLike,
  timeZone: string,
): TimeRuleError | null {
  const at = Date.parse(time);
  if (at < Date.parse(session.start) || at > Date.parse(session.end)) {
    const bounds = `${localTimeOf(session.start, timeZone)} - ${localTimeOf(session.end, timeZone)}`;
    return { code: RECORD_ERRORS.outOfBounds, message: `La hora debe estar dentro del horario de la sesión (${bounds})` };
  }
  if (type === "out" && attendance.in && at <= Date.parse(attendance.in)) {
    return {
      code: RECORD_ERRORS.exitBeforeEntry,
      message: `La hora de salida debe ser posterior a la de entrada (${localTimeOf(attendance.in, timeZone)})`,
    };
  }
  if (type === "in" && attendance.out && at >= Date.parse(attendance.out)) {
    return {
      code: RECORD_ERRORS.exitBeforeEntry,
      message: `La hora de entrada debe ser anterior a la de salida (${localTimeOf(attendance.out, timeZone)})`,
    };
  }
  return null;
}

/** 'Manual · Cámara no disponible', 'Manual · Otro: …', 'Corregida · …'; null for a verified capture. */
export function recordLabel(record: RecordLike | null | undefined): string | null {
  if (!record || record.method === "face") return null;
  if (record.method === "correction") return record.note ? `Corregida · ${record.note}` : "Corregida";
  if (!record.reason) return "Manual · Añadido a la sesión";
  const reason = MANUAL_REASON_LABELS[record.reason];
  return record.reason === "other" && record.note ? `Manual · ${reason}: ${record.note}` : `Manual · ${reason}`;
}

/** Whether a time stands without a face verification (recorded by hand or corrected). */
export const isByHand = (record: RecordLike | null | undefined) => !!record && record.method !== "face";

/**
 * The lines of the session's Ministry file (students with both entry and exit, server/reports/cap-attendance-file.ts)
 * and how many of them carry a time recorded by hand or corrected: the file's line has no field to say so.
 */
export function reportSummary(
  attendances: (AttendanceLike & { inRecord?: RecordLike | null; outRecord?: RecordLike | null })[],
): { lines: number; manualLines: number } {
  const lines = attendances.filter((a) => a.in !== null && a.out !== null);
  return { lines: lines.length, manualLines: lines.filter((a) => isByHand(a.inRecord) || isByHand(a.outRecord)).length };
}
