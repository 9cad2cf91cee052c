import type { AdminAssignment, CreateAssignmentBody, CreateLicenseBody } from "@/lib/contract/backoffice";
import { LICENSE_CATALOGUE } from "@/lib/contract/constants/backoffice";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { displayName, findUserById } from "../users/users.repository";
import { z } from "zod";
import { foldText } from "../cap/cap-sql";
import * as repo from "./licenses.repository";
import { decodeCursor, encodeCursor, pageOf } from "../../http/cursor";
import { kindOf } from "./users-admin.views";

const licenseNotFound = () => notFound("Permiso no encontrado");

export const listLicenses = (db: Db, tenant: Tenant) => repo.listLicensesWithUse(db, tenant.id);

export async function addLicense(db: Db, tenant: Tenant, auth: Auth, body: CreateLicenseBody) {
  const name = body.name?.trim() || LICENSE_CATALOGUE.find(([code]) => code === body.code)![1];
  return db.transaction(async (tx) => {
    const row = await repo.insertLicense(tx, tenant.id, body.code, name);
    if (!row) throw conflict("DUPLICATE_LICENSE", "La autoescuela ya ofrece ese permiso");
    await recordAudit(tx, tenant.id, auth, { action: "license.created", targetType: "license", targetId: row.id, details: { code: row.code, name: row.name } });
    return row;
  });
}

// A licence with reservations, assignments or vehicles stays: the history needs it.
export async function removeLicense(db: Db, tenant: Tenant, auth: Auth, id: string) {
  await db.transaction(async (tx) => {
    const license = await repo.findLicense(tx, tenant.id, id);
    if (!license) throw licenseNotFound();
    if (await repo.isLicenseInUse(tx, tenant.id, id)) {
      throw conflict("LICENSE_IN_USE", "No se puede eliminar un permiso con reservas, asignaciones o vehículos");
    }
    await repo.deleteLicense(tx, tenant.id, id);
    await recordAudit(tx, tenant.id, auth, { action: "license.deleted", targetType: "license", targetId: id, details: { code: license.code, name: license.name } });
  });
}

async function activeUserOfKind(db: Db, tenantId: string, id: string, kind: "student" | "instructor") {
  const user = await findUserById(db, tenantId, id);
  if (!user) throw notFound(kind === "student" ? "Alumno no encontrado" : "Profesor no encontrado");
  if (!user.roles.includes(kind === "student" ? "ROLE_ALUMNO" : "ROLE_INSTRUCTOR") || kindOf(user.roles) !== kind) {
    throw new AppError("VALIDATION_ERROR", kind === "student" ? "El usuario elegido no es un alumno" : "El usuario elegido no es un profesor", 422);
  }
  if (!user.isActive) throw new AppError("USER_INACTIVE", kind === "student" ? "El alumno está desactivado" : "El profesor está desactivado", 422);
  return user;
}

export async function setInstructorLicenses(db: Db, tenant: Tenant, auth: Auth, instructorId: string, licenseIds: string[]) {
  const unique = [...new Set(licenseIds)];
  const instructor = await activeUserOfKind(db, tenant.id, instructorId, "instructor");
  const found = await repo.findLicensesByIds(db, tenant.id, unique);
  if (found.length !== unique.length) throw licenseNotFound();
  await db.transaction(async (tx) => {
    const before = await repo.listInstructorLicenseIds(tx, tenant.id, instructorId);
    await repo.replaceInstructorLicenses(tx, tenant.id, instructorId, unique);
    await recordAudit(tx, tenant.id, auth, {
      action: "instructor.licenses_updated",
      targetType: "user",
      targetId: instructorId,
      details: { name: displayName(instructor), before, after: unique, licenses: found.map((l) => l.name) },
    });
  });
  return { licenseIds: unique };
}

type AssignmentRow = Awaited<ReturnType<typeof repo.listAssignments>>[number];
const toAssignment = (r: AssignmentRow): AdminAssignment => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  student: { id: r.student.id, name: displayName(r.student), isActive: r.student.isActive },
  instructor: { id: r.instructor.id, name: displayName(r.instructor), isActive: r.instructor.isActive },
  license: r.license,
});

const ASSIGNMENTS_CURSOR = "assignments";
const instantText = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

// A page of the school's assignments, newest first; the search runs on the server (all its words in the student's name
// or DNI, all in the instructor's, or all in the licence's name).
export async function listAssignments(
  db: Db,
  tenant: Tenant,
  q: { studentId?: string; instructorId?: string; search?: string; cursor?: string; limit: number },
): Promise<{ items: AdminAssignment[]; nextCursor: string | null }> {
  const before = q.cursor ? decodeCursor(ASSIGNMENTS_CURSOR, q.cursor, z.tuple([instantText])) : undefined;
  const words = foldText(q.search ?? "").split(/\s+/).filter(Boolean);
  const rows = await repo.listAssignments(db, tenant.id, {
    studentId: q.studentId,
    instructorId: q.instructorId,
    words,
    before: before && { at: before.key[0], id: before.id },
    limit: q.limit + 1,
  });
  const page = pageOf(rows, q.limit, (last) => encodeCursor(ASSIGNMENTS_CURSOR, [last.at], last.id));
  return { items: page.items.map(toAssignment), nextCursor: page.nextCursor };
}

// The instructor must teach the licence; the same trio once. These are what step 1 of the booking wizard shows.
export async function addAssignment(db: Db, tenant: Tenant, auth: Auth, body: CreateAssignmentBody): Promise<AdminAssignment> {
  await activeUserOfKind(db, tenant.id, body.studentId, "student");
  await activeUserOfKind(db, tenant.id, body.instructorId, "instructor");
  if (!(await repo.findLicense(db, tenant.id, body.licenseId))) throw licenseNotFound();
  const taught = await repo.listInstructorLicenseIds(db, tenant.id, body.instructorId);
  if (!taught.includes(body.licenseId)) {
    throw new AppError("LICENSE_NOT_TAUGHT", "El profesor no imparte ese permiso: añádeselo antes en 'Permisos que imparte'", 422);
  }
  return db.transaction(async (tx) => {
    const row = await repo.insertAssignment(tx, { tenantId: tenant.id, ...body });
    if (!row) throw conflict("DUPLICATE_ASSIGNMENT", "El alumno ya tiene asignado ese profesor para ese permiso");
    const [view] = await repo.listAssignments(tx, tenant.id, { id: row.id, limit: 1 });
    const a = toAssignment(view!);
    await recordAudit(tx, tenant.id, auth, {
      action: "assignment.created",
      targetType: "assignment",
      targetId: row.id,
      details: { student: a.student.name, instructor: a.instructor.name, license: a.license.name },
    });
    return a;
  });
}

// Past and future reservations keep their own student, instructor and licence: nothing else is removed.
export async function removeAssignment(db: Db, tenant: Tenant, auth: Auth, id: string) {
  await db.transaction(async (tx) => {
    const [view] = await repo.listAssignments(tx, tenant.id, { id, limit: 1 });
    if (!view) throw notFound("Asignación no encontrada");
    await repo.deleteAssignment(tx, tenant.id, id);
    const a = toAssignment(view);
    await recordAudit(tx, tenant.id, auth, {
      action: "assignment.deleted",
      targetType: "assignment",
      targetId: id,
      details: { student: a.student.name, instructor: a.instructor.name, license: a.license.name },
    });
  });
}
