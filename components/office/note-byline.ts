import type { OfficeNote } from "@/lib/contract/people";

/** Who wrote a note and when, and who last changed it when someone did: 'Ana Torres · 27/11/2026 10:05 · editada por …'. */
export function noteByline(note: OfficeNote, dateTime: (iso: string) => string): string {
  const author = note.createdBy ?? "Usuario eliminado";
  const parts = [author, dateTime(note.createdAt)];
  if (note.updatedAt !== note.createdAt) {
    parts.push(`editada por ${note.updatedBy ?? "un usuario eliminado"} el ${dateTime(note.updatedAt)}`);
  }
  return parts.join(" · ");
}
