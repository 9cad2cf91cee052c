import type { InstructorDashboard, InstructorDayLesson, InstructorReservation } from "@/lib/contract/instructor";
import { isLessonDone } from "@/lib/contract/constants/reservations";
import { byStart, isOnDay, isUnderway, schoolDays } from "@/lib/time/school-day";
import { availableDecisions } from "./decisions";
import type { Decision } from "./use-reservation-decision";

// The instructor's day as the dashboard draws it: pure, with `now` and the school's zone as parameters.

/** ended: confirmed and over, the lesson took place (it may be finished); underway: confirmed and running now. */
export type LessonPhase = "coming" | "underway" | "ended";

export type DayLesson = { lesson: InstructorDayLesson; phase: LessonPhase; decisions: Decision[] };
export type PendingItem = { reservation: InstructorReservation; decisions: Decision[] };

export type DayView = {
  today: string;
  lessons: DayLesson[];
  // Pending requests and cancellation requests not already on today's list (each reservation shows once).
  requests: PendingItem[];
  cancellations: PendingItem[];
  tomorrowFirst: InstructorReservation | null;
};

// Annulling stays in 'Mis reservas': the day offers what is waiting for the instructor, not what undoes a lesson.
const dayDecisions = (r: InstructorReservation, now: number) => availableDecisions(r, now).filter((d) => d !== "annul");

const phaseOf = (r: InstructorReservation, now: number): LessonPhase =>
  isLessonDone(r, now) ? "ended" : isUnderway(r, now) ? "underway" : "coming";

/**
 * The dashboard's answer seen at `now`: today's lessons by start (a page left open past midnight drops yesterday's
 * until the answer is read again, and tomorrow's first is not announced once its day has come).
 */
export function dayView(data: InstructorDashboard, now: number, timeZone: string): DayView {
  const days = schoolDays(now, timeZone);
  const lessons = byStart(data.today.filter((l) => isOnDay(l, days.todayStart, days.tomorrowStart)));
  const onToday = new Set(lessons.map((l) => l.id));
  const pending = (list: InstructorReservation[]) =>
    list.filter((r) => !onToday.has(r.id)).map((reservation) => ({ reservation, decisions: dayDecisions(reservation, now) }));
  const next = data.tomorrowFirst;
  return {
    today: days.today,
    lessons: lessons.map((lesson) => ({ lesson, phase: phaseOf(lesson, now), decisions: dayDecisions(lesson, now) })),
    requests: pending(data.pendingRequests),
    cancellations: pending(data.pendingCancellationRequests),
    tomorrowFirst: next && Date.parse(next.start) >= days.tomorrowStart && Date.parse(next.start) < days.dayAfterStart ? next : null,
  };
}

/** 'Mañana: 08:00 · Lucía Martín García · B' (time on the clock `time` formats with). */
export function tomorrowLine(r: InstructorReservation | null, time: (iso: string) => string): string {
  return r ? `Mañana: ${time(r.start)} · ${r.student.name} · ${r.license}` : "Mañana no tienes clases";
}
