import type { InstructorPractice, Practice, PracticeHistory } from "@/lib/contract/practices";
import { localClock, localDate } from "@/lib/time/zoned-time";
import type { PracticeViewRow } from "./practices.repository";

const localTime = (at: Date, timeZone: string) => localClock(at.getTime(), timeZone);

// Spec 000 §3 Practice: the lesson's date and times on the school's clock, whatever the reader's time zone.
export function toPractice(r: PracticeViewRow, timeZone: string): Practice {
  const p = r.practice;
  return {
    id: p.id,
    date: localDate(p.startAt.getTime(), timeZone),
    startTime: localTime(p.startAt, timeZone),
    endTime: localTime(p.endAt, timeZone),
    duration: Math.round((p.endAt.getTime() - p.startAt.getTime()) / 1000),
    instructor: { name: r.instructorName },
    license: { name: r.license },
    type: p.reservationId ? "practice" : "manual_practice",
    vehicle: r.plate ? { plate: r.plate } : null,
    kmStart: p.kmStart,
    kmEnd: p.kmEnd,
    kmTotal: p.kmStart !== null && p.kmEnd !== null ? p.kmEnd - p.kmStart : null,
    observations: p.observations,
    studentSignature: p.studentSignature,
    instructorSignature: p.instructorSignature,
  };
}

export const toInstructorPractice = (r: PracticeViewRow, timeZone: string): InstructorPractice => ({
  ...toPractice(r, timeZone),
  student: { name: r.studentName },
});

// 'YYYY-MM' (the practice's school-local date) → practice id → practice. Rows arrive newest first and object keys keep
// insertion order (neither key looks like an array index), so months and practices come out newest first.
export function groupByMonth(items: Practice[]): PracticeHistory {
  const out: PracticeHistory = {};
  for (const p of items) (out[p.date.slice(0, 7)] ??= {})[p.id] = p;
  return out;
}
