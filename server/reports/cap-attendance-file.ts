import { localDateOf, localTimeOf } from "@/lib/cap/zoned-time";

/**
 * The CAP attendance file uploaded daily to the Ministry of Transport's CAP application (Dirección General
 * de Transporte Terrestre; Real Decreto 284/2021). The official layout is not in the spec: this module is the
 * one place to adjust it.
 *
 * Format: plain text, UTF-8 (all fields are ASCII in practice), one line per student who has BOTH an entry
 * and an exit in the session, each line ended by CRLF ("\r\n", including the last one). Fields are separated
 * by ';' with no header line and no quoting; ';', CR and LF are removed from field values.
 *
 *   #  field                         format / example
 *   1  centre authorization number   the section's authorizationNumber, as configured      e.g. CAP-28-0042
 *   2  course code                    the session's code (the course's code unless changed) e.g. 28/2025/0137
 *   3  date                           the session's school-local date, dd/MM/yyyy           e.g. 12/05/2025
 *   4  DNI/NIE                        upper case, no spaces or hyphens                      e.g. 12345678Z
 *   5  entry time                     school-local time (tenant time zone), HH:mm (24 h)     e.g. 07:58
 *   6  exit time                      school-local time, HH:mm                              e.g. 18:02
 *
 *   CAP-28-0042;28/2025/0137;12/05/2025;12345678Z;07:58;18:02\r\n
 *
 * Lines are ordered by student name (Spanish collation), the order of the session screen.
 */

export const FIELD_SEPARATOR = ";";
export const LINE_END = "\r\n";

export type AttendanceFileInput = {
  authorizationNumber: string;
  courseCode: string;
  sessionStart: Date;
  timeZone: string;
  attendances: { studentName: string; dni: string; in: Date | null; out: Date | null }[];
};

const clean = (value: string) => value.replace(/[;\r\n]/g, "").trim();
const ddMMyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The attendances that go into the file: both entry and exit registered. */
export function fulfilledAttendances<T extends { in: Date | null; out: Date | null }>(attendances: T[]): (T & { in: Date; out: Date })[] {
  return attendances.filter((a): a is T & { in: Date; out: Date } => a.in !== null && a.out !== null);
}

export function buildAttendanceFile(input: AttendanceFileInput): string {
  const date = ddMMyyyy(localDateOf(input.sessionStart, input.timeZone));
  const collator = new Intl.Collator("es", { sensitivity: "base" });
  return fulfilledAttendances(input.attendances)
    .sort((a, b) => collator.compare(a.studentName, b.studentName) || a.dni.localeCompare(b.dni))
    .map((a) =>
      [
        clean(input.authorizationNumber),
        clean(input.courseCode),
        date,
        clean(a.dni).toUpperCase().replace(/[\s-]/g, ""),
        localTimeOf(a.in, input.timeZone),
        localTimeOf(a.out, input.timeZone),
      ].join(FIELD_SEPARATOR) + LINE_END,
    )
    .join("");
}

/** 'asistencia_cap_{code}_{YYYY-MM-DD}.txt', with the code reduced to file-name-safe characters. */
export function attendanceFileName(courseCode: string, sessionStart: Date, timeZone: string): string {
  const code = courseCode.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "curso";
  return `asistencia_cap_${code}_${localDateOf(sessionStart, timeZone)}.txt`;
}
