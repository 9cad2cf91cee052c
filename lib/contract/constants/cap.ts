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
