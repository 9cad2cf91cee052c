// Plain values of the cap contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).

// The `error` codes of a failed capture (spec §8) and of the server's attendance rules (409).
export const BIOMETRIC_ERRORS = {
  mismatch: "biometric-mismatch",
  referenceNotFound: "biometric-reference-not-found",
  noFace: "no-face-in-capture-image",
} as const;

export const ATTENDANCE_RULE_ERRORS = [
  "ATTENDANCE_ALREADY_REGISTERED",
  "ATTENDANCE_ENTRY_REQUIRED",
  "SESSION_NOT_CURRENT",
  "STUDENT_NOT_IN_SESSION",
] as const;

// ── Attendance on record (issue 30 §3/§4) ───────────────────────────────────────────────────────────────
// How a time was recorded: a verified capture, by hand (the fallback, or 'Añadir alumno a la sesión' with times), or
// changed after the session.
export const ATTENDANCE_METHODS = ["face", "manual", "correction"] as const;
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

// The fallback's reasons, in the order the dialog offers them; 'other' needs a text.
export const MANUAL_REASONS = ["face-failed", "camera-unavailable", "forgot-exit", "other"] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];
export const MANUAL_REASON_LABELS: Record<ManualReason, string> = {
  "face-failed": "Verificación facial fallida",
  "camera-unavailable": "Cámara no disponible",
  "forgot-exit": "Olvidó fichar la salida",
  other: "Otro",
};

export const RECORD_NOTE_MAX = 500;
// Corrections kept per attendance: a legal record corrected more often than this is a case for the office, not a form.
export const MAX_CORRECTIONS_PER_ATTENDANCE = 20;

export const RECORD_ERRORS = {
  invalidPassword: "INVALID_PASSWORD",
  outOfBounds: "ATTENDANCE_TIME_OUT_OF_BOUNDS",
  exitBeforeEntry: "ATTENDANCE_EXIT_BEFORE_ENTRY",
  sessionNotFinished: "SESSION_NOT_FINISHED",
  tooManyCorrections: "TOO_MANY_CORRECTIONS",
} as const;

// ── Enrolments ─────────────────────────────────────────────────────────────────────────────────────────
// Real Decreto 284/2021: at most 20 students per CAP course.
export const MAX_STUDENTS_PER_COURSE = 20;

export const STUDENT_PAGE_DEFAULT_LIMIT = 20;

export const STUDENT_PAGE_MAX_LIMIT = 100;

// ── Attendance file ────────────────────────────────────────────────────────────────────────────────────
export const REPORT_ERRORS = {
  noFulfilled: "NO_FULFILLED_ATTENDANCES",
  authorizationMissing: "AUTHORIZATION_CODE_NOT_CONFIGURED",
} as const;

export const defaultReportFileName = (sessionId: string) => `curso_session_${sessionId}.txt`;
