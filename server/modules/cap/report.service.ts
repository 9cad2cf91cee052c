import { REPORT_ERRORS } from "@/lib/contract/constants/cap";
import type { Db } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { AppError } from "../../http/errors";
import { attendanceFileName, buildAttendanceFile, fulfilledAttendances } from "../../reports/cap-attendance-file";
import { recordAudit } from "../audit/audit.repository";
import { displayName } from "../users/users.repository";
import { sessionNotFound } from "./cap-errors";
import { findSection } from "./sections.repository";
import { findSession, listAttendances } from "./sessions.repository";

export type AttendanceReport = { fileName: string; content: string };

/** The session's attendance file (server/reports/cap-attendance-file.ts documents the layout). */
export async function buildSessionReport(db: Db, tenant: Tenant, auth: Auth, sessionId: string): Promise<AttendanceReport> {
  const session = await findSession(db, tenant.id, sessionId);
  if (!session) throw sessionNotFound();
  const attendances = (await listAttendances(db, tenant.id, [session.id])).map((a) => ({
    studentName: displayName(a),
    dni: a.dni ?? "",
    in: a.inAt,
    out: a.outAt,
    // A time recorded by hand or corrected: the line does not say so (docs/decisions/cap.md), the audit row does.
    isByHand: (a.inMethod ?? "manual") !== "face" || (a.outMethod ?? "manual") !== "face",
  }));
  const fulfilled = fulfilledAttendances(attendances);
  if (fulfilled.length === 0) {
    throw new AppError(
      REPORT_ERRORS.noFulfilled,
      "Asistencias incompletas: ningún alumno tiene registradas la entrada y la salida en esta sesión",
      422,
    );
  }
  const section = await findSection(db, tenant.id, session.sectionId);
  const authorizationNumber = section?.authorizationNumber?.trim();
  if (!authorizationNumber) {
    throw new AppError(
      REPORT_ERRORS.authorizationMissing,
      `No se ha configurado el código de autorización del centro. Configure el número de autorización del centro en la sección${section ? ` «${section.name}»` : ""}.`,
      400,
      { sectionId: session.sectionId },
    );
  }
  const content = buildAttendanceFile({
    authorizationNumber,
    courseCode: session.code,
    sessionStart: session.startAt,
    timeZone: tenant.timeZone,
    attendances,
  });
  await recordAudit(db, tenant.id, auth, {
    action: "cap.attendance_report_downloaded",
    targetType: "cap_session",
    targetId: session.id,
    details: { lines: fulfilled.length, manualLines: fulfilled.filter((a) => a.isByHand).length },
  });
  return { fileName: attendanceFileName(session.code, session.startAt, tenant.timeZone), content };
}
