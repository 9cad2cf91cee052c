import type { Attendance, AttendanceType } from "@/lib/contract/cap";

// The row and the kind of registration a session's dialogs act on (capture, by hand, correction). Its own module so
// that the session screen and its dialogs import it without importing each other (issue 32 §5).
export type CaptureTarget = { attendance: Attendance; type: AttendanceType };
