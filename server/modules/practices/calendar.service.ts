import type { StudentCalendarEvent, StudentCalendarQuery } from "@/lib/contract/calendar";
import { STUDENT_CALENDAR_COLORS } from "@/lib/contract/constants/calendar";
import { reservationStatusLabel } from "@/lib/contract/constants/reservations";
import type { DbOrTx } from "../../db/client";
import { loadStudentCalendar } from "./calendar.repository";

const iso = (d: Date) => d.toISOString();

// A reservation reads its status as the lists do: 'Reserva (Realizada)' once a confirmed lesson is over at `now`
// (issue "Phone first"), until its practice is recorded and it shows as that practice.
export async function getStudentCalendar(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  q: StudentCalendarQuery,
  now: Date,
): Promise<StudentCalendarEvent[]> {
  const { resRows, practiceRows, sessionRows, eventRows } = await loadStudentCalendar(db, tenantId, studentId, new Date(q.start), new Date(q.end));
  const practicedIds = new Set(practiceRows.map((p) => p.reservationId).filter(Boolean));
  const events: StudentCalendarEvent[] = [];
  for (const r of resRows) {
    // A reservation that became a practice is shown once, as the practice.
    if (practicedIds.has(r.id)) continue;
    const status = r.status === "anulled" ? "annulled" : r.status;
    events.push({
      id: `reservation:${r.id}`, type: "reservation", title: `Reserva (${reservationStatusLabel({ status: r.status, end: r.endAt }, now.getTime())})`, start: iso(r.startAt), end: iso(r.endAt),
      color: STUDENT_CALENDAR_COLORS[status], url: null, data: { status, reservationId: r.id, practiceId: null },
    });
  }
  for (const p of practiceRows) {
    const type = p.reservationId ? "practice" : "manual_practice";
    events.push({
      id: `practice:${p.id}`, type, title: type === "practice" ? "Práctica" : "Práctica manual", start: iso(p.startAt), end: iso(p.endAt),
      color: STUDENT_CALENDAR_COLORS[type], url: null, data: { status: null, reservationId: p.reservationId, practiceId: p.id },
    });
  }
  for (const s of sessionRows) {
    events.push({
      id: `session:${s.id}`, type: "session", title: s.name, start: iso(s.startAt), end: iso(s.endAt),
      color: STUDENT_CALENDAR_COLORS.session, url: null, data: { status: null, reservationId: null, practiceId: null },
    });
  }
  for (const e of eventRows) {
    events.push({
      id: `event:${e.id}`, type: "session", title: e.title, start: iso(e.startAt), end: iso(e.endAt),
      color: e.color ?? STUDENT_CALENDAR_COLORS.session, url: e.url, data: { status: null, reservationId: null, practiceId: null },
    });
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}
