import { OFFICE_NOTES_MAX_PER_STUDENT } from "@/lib/contract/constants/people";
import type { OfficeNote } from "@/lib/contract/people";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { namesOf } from "../../notifications/events.repository";
import { displayName } from "../users/users.repository";
import * as repo from "./office-notes.repository";
import { readableStudent } from "./student-file.service";

// The office's private notes about a student (issue 31 §2): administrators only (the routes), every change in the
// activity log with the text before and after (the log is the administrators' too), so nothing written is lost.

const OFFICE = { kind: "administrator" } as const;
const noteNotFound = () => notFound("Nota no encontrada");
const authorOf = (auth: Auth) => auth.impersonatorId ?? auth.userId;

async function toNotes(db: DbOrTx, tenantId: string, rows: repo.OfficeNoteRow[]): Promise<OfficeNote[]> {
  const names = await namesOf(db, tenantId, rows.flatMap((r) => [r.createdBy, r.updatedBy].filter((id): id is string => !!id)));
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    createdBy: name(r.createdBy),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: name(r.updatedBy),
  }));
}

export async function listOfficeNotes(db: DbOrTx, tenantId: string, studentId: string): Promise<OfficeNote[]> {
  await readableStudent(db, tenantId, OFFICE, studentId);
  return toNotes(db, tenantId, await repo.listNotes(db, tenantId, studentId, OFFICE_NOTES_MAX_PER_STUDENT));
}

export async function addOfficeNote(db: Db, tenantId: string, auth: Auth, studentId: string, body: string): Promise<OfficeNote[]> {
  await db.transaction(async (tx) => {
    const student = await readableStudent(tx, tenantId, OFFICE, studentId);
    await repo.lockStudentRow(tx, tenantId, studentId);
    if ((await repo.countNotes(tx, tenantId, studentId)) >= OFFICE_NOTES_MAX_PER_STUDENT) {
      throw conflict("TOO_MANY_NOTES", `Un alumno puede tener como máximo ${OFFICE_NOTES_MAX_PER_STUDENT} notas. Borra alguna antigua para añadir otra.`);
    }
    const note = await repo.insertNote(tx, { tenantId, studentId, body, createdBy: authorOf(auth), updatedBy: authorOf(auth) });
    await recordAudit(tx, tenantId, auth, {
      action: "office_note.created",
      targetType: "user",
      targetId: studentId,
      details: { student: displayName(student), noteId: note.id, body },
    });
  });
  return listOfficeNotes(db, tenantId, studentId);
}

export async function editOfficeNote(db: Db, tenantId: string, auth: Auth, studentId: string, noteId: string, body: string): Promise<OfficeNote[]> {
  await db.transaction(async (tx) => {
    const student = await readableStudent(tx, tenantId, OFFICE, studentId);
    const before = await repo.lockNote(tx, tenantId, studentId, noteId);
    if (!before) throw noteNotFound();
    if (before.body === body) return;
    await repo.updateNote(tx, tenantId, noteId, { body, updatedBy: authorOf(auth), updatedAt: new Date() });
    await recordAudit(tx, tenantId, auth, {
      action: "office_note.updated",
      targetType: "user",
      targetId: studentId,
      details: { student: displayName(student), noteId, from: before.body, to: body },
    });
  });
  return listOfficeNotes(db, tenantId, studentId);
}

export async function deleteOfficeNote(db: Db, tenantId: string, auth: Auth, studentId: string, noteId: string): Promise<OfficeNote[]> {
  await db.transaction(async (tx) => {
    const student = await readableStudent(tx, tenantId, OFFICE, studentId);
    const before = await repo.lockNote(tx, tenantId, studentId, noteId);
    if (!before) throw noteNotFound();
    await repo.deleteNote(tx, tenantId, noteId);
    await recordAudit(tx, tenantId, auth, {
      action: "office_note.deleted",
      targetType: "user",
      targetId: studentId,
      details: { student: displayName(student), noteId, body: before.body },
    });
  });
  return listOfficeNotes(db, tenantId, studentId);
}
