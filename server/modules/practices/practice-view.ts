import type { Practice, PracticeHistory } from "@/lib/contract/practices";
import { localDate } from "@/lib/time/zoned-time";
import type { PracticeViewRow } from "./practices.repository";

export function toPractice(r: PracticeViewRow): Practice {
  const p = r.practice;
  const kmTraveled = p.kmStart !== null && p.kmEnd !== null ? p.kmEnd - p.kmStart : null;
  return {
    id: p.id,
    type: p.reservationId ? "practice" : "manual_practice",
    reservationId: p.reservationId,
    start: p.startAt.toISOString(),
    end: p.endAt.toISOString(),
    studentId: p.studentId,
    studentName: r.studentName,
    instructorId: p.instructorId,
    instructorName: r.instructorName,
    license: r.license,
    vehicle: p.vehicleId && r.plate ? { id: p.vehicleId, plate: r.plate } : null,
    kmStart: p.kmStart,
    kmEnd: p.kmEnd,
    kmTraveled,
    observations: p.observations,
    studentSignature: p.studentSignature,
    instructorSignature: p.instructorSignature,
  };
}

// Month keys in the school's time zone; rows arrive newest first, so insertion order is newest month first.
export function groupByMonth(items: Practice[], timeZone: string): PracticeHistory {
  const out: PracticeHistory = {};
  for (const p of items) (out[localDate(Date.parse(p.start), timeZone).slice(0, 7)] ??= []).push(p);
  return out;
}
