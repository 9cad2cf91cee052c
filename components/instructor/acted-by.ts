import type { InstructorReservation } from "@/lib/contract/instructor";

// What the school did while acting as the student is the student's own, told apart for staff (docs: decisions).
export function actedByLines(r: Pick<InstructorReservation, "status" | "student" | "actedBy" | "cancellationActedBy" | "hasCancellationRequest">): string[] {
  const lines: string[] = [];
  if (r.actedBy) lines.push(`Reservada por la autoescuela (${r.actedBy}) en nombre de ${r.student.name}`);
  if (r.cancellationActedBy) {
    const what = r.status === "cancelled" && !r.hasCancellationRequest ? "Cancelada" : "Cancelación solicitada";
    lines.push(`${what} por la autoescuela (${r.cancellationActedBy}) en nombre de ${r.student.name}`);
  }
  return lines;
}
