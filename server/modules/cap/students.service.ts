import type { CapStudent, StudentPage } from "@/lib/contract/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { pgErrorCode } from "../../db/pg-errors";
import { decodeCursor, encodeCursor, pageOf, textKey } from "../../http/cursor";
import { findReference } from "./biometric-reference.repository";
import { studentNotFound } from "./cap-errors";
import { toStudent } from "./cap-views";
import { deleteStudent, findStudent, insertStudent, searchStudents, updateStudent } from "./students.repository";

type StudentInput = { firstname: string; surname1: string; surname2: string | null; dni: string };

const duplicateDni = () => conflict("DUPLICATE_DNI", "Ya existe un usuario con ese DNI/NIE en la autoescuela");

// The DNI is unique per tenant (index users_tenant_dni_uq): the database settles races, we translate.
function translateUnique(error: unknown): never {
  if (pgErrorCode(error) === "23505") throw duplicateDni();
  throw error;
}

const studentInUse = () =>
  conflict("STUDENT_IN_USE", "No se puede eliminar el alumno porque tiene datos asociados en otros módulos");

// A student with a login signs in with their DNI too: CAP screens may not change it (the back office owns logins).
const loginDniLocked = () =>
  new AppError("STUDENT_HAS_LOGIN", "No se puede cambiar el DNI/NIE de un alumno con acceso a la plataforma", 409);

const values = (body: StudentInput) => ({ firstName: body.firstname, surname1: body.surname1, surname2: body.surname2, dni: body.dni });

const STUDENTS_CURSOR = "cap-students";

// Spec §3's pagination plus nextCursor (lib/contract/cap.ts); limit + 1 rows say whether a next page exists.
export async function listStudents(
  db: Db,
  tenant: Tenant,
  query: { search?: string; cursor?: string; page: number; limit: number },
): Promise<StudentPage> {
  const after = query.cursor ? decodeCursor(STUDENTS_CURSOR, query.cursor, textKey(3)) : undefined;
  const { rows, total } = await searchStudents(db, tenant.id, { ...query, after });
  const page = pageOf(rows, query.limit, (last) => encodeCursor(STUDENTS_CURSOR, last.sortKey, last.id));
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    data: page.items.map(({ sortKey: _key, ...row }) => toStudent(row)),
    pagination: {
      page: query.page,
      totalPages,
      total,
      hasPreviousPage: query.page > 1,
      hasNextPage: page.nextCursor !== null,
      nextCursor: page.nextCursor,
    },
  };
}

export async function getStudent(db: Db, tenant: Tenant, id: string): Promise<CapStudent> {
  const row = await findStudent(db, tenant.id, id);
  if (!row) throw studentNotFound();
  return toStudent(row);
}

export async function createCapStudent(db: Db, tenant: Tenant, auth: Auth, body: StudentInput): Promise<CapStudent> {
  const id = await db
    .transaction(async (tx) => {
      const studentId = await insertStudent(tx, tenant.id, values(body));
      await recordAudit(tx, tenant.id, auth, { action: "cap.student_created", targetType: "user", targetId: studentId });
      return studentId;
    })
    .catch(translateUnique);
  return getStudent(db, tenant, id);
}

export async function updateCapStudent(db: Db, tenant: Tenant, auth: Auth, id: string, body: StudentInput): Promise<CapStudent> {
  await db
    .transaction(async (tx) => {
      const current = await findStudent(tx, tenant.id, id);
      if (!current) throw studentNotFound();
      if (current.username !== null && current.dni !== body.dni) throw loginDniLocked();
      await updateStudent(tx, tenant.id, id, values(body));
      await recordAudit(tx, tenant.id, auth, { action: "cap.student_updated", targetType: "user", targetId: id });
    })
    .catch(translateUnique);
  return getStudent(db, tenant, id);
}

/**
 * Deletes a CAP-only student with what hangs off them: biometric reference, enrolments, attendance rows (GDPR
 * erasure). A student with a login, or with reservations, a balance or ledger movements (foreign keys that block
 * the delete, migration 0002), is never deleted here: STUDENT_IN_USE.
 */
export async function removeStudent(db: Db, tenant: Tenant, auth: Auth, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const current = await findStudent(tx, tenant.id, id);
      if (!current) throw studentNotFound();
      if (current.username !== null) throw studentInUse();
      const hadReference = Boolean(await findReference(tx, tenant.id, id));
      if (!(await deleteStudent(tx, tenant.id, id))) throw studentNotFound();
      await recordAudit(tx, tenant.id, auth, { action: "cap.student_deleted", targetType: "user", targetId: id });
      if (hadReference) {
        await recordAudit(tx, tenant.id, auth, { action: "biometric.reference_deleted", targetType: "user", targetId: id });
      }
    })
    .catch((error: unknown) => {
      // Another domain's record that must outlive the student (restricting foreign key).
      if (pgErrorCode(error) === "23503") throw studentInUse();
      throw error;
    });
}
