import type {
  FinishPracticeBody,
  InstructorPractice,
  InstructorPracticesQuery,
  ManualPracticeBody,
  PendingPractice,
  PracticeHistory,
  PracticeHistoryQuery,
  PracticeVehicle,
} from "@/lib/contract/practices";
import { DEFAULT_HISTORY_MONTHS } from "@/lib/contract/constants/paging";
import { FINISH_WINDOW_DAYS } from "@/lib/contract/constants/practices";
import { localToUtc } from "@/lib/time/zoned-time";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth, Tenant } from "../../http/context";
import { decodeInstantCursor, instantCursor, pageOf, type Page } from "../../http/cursor";
import { AppError, conflict, notFound } from "../../http/errors";
import { findAssignment } from "../reservations/assignments.repository";
import { listActiveBusy } from "../reservations/reservations.repository";
import { groupByMonth, toInstructorPractice, toPractice } from "./practice-view";
import { onPracticeFinished } from "../../notifications/account-events";
import {
  listPracticeMonths,
  findOverlappingPractice,
  findVehicle,
  insertPractice,
  listActiveVehicles,
  listPendingForInstructor,
  listPracticeViews,
  lockLessonPeople,
  lockReservation,
  type LessonWindow,
} from "./practices.repository";

const DAY_MS = 86_400_000;

// A 'YYYY-MM' month of the school's calendar as [its first local midnight, the next month's).
function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { from: new Date(localToUtc(`${month}-01`, 0, timeZone)), to: new Date(localToUtc(next, 0, timeZone)) };
}
const finishWindowStart = (now: Date) => new Date(now.getTime() - FINISH_WINDOW_DAYS * DAY_MS);

// What the instructor fills in at the end of a lesson, finished or agreed at the desk alike.
const recordedFields = (body: FinishPracticeBody | ManualPracticeBody) => ({
  vehicleId: body.vehicleId,
  kmStart: body.kmStart,
  kmEnd: body.kmEnd,
  observations: body.observations || null,
  studentSignature: body.studentSignature,
  instructorSignature: body.instructorSignature,
});

async function checkVehicle(db: DbOrTx, tenantId: string, vehicleId: string, licenseId: string) {
  const vehicle = await findVehicle(db, tenantId, vehicleId);
  if (!vehicle || !vehicle.isActive) throw notFound("Vehículo no encontrado");
  if (vehicle.licenseId && vehicle.licenseId !== licenseId) {
    throw new AppError("VALIDATION_ERROR", "El vehículo no corresponde al permiso de la práctica", 422);
  }
}

/**
 * One lesson, one practice: the student and the instructor can be in one lesson at a time. Called inside the recording
 * transaction; the people's rows are locked first, so two recordings for either of them are decided one after the other.
 */
async function refuseOverlappingPractice(tx: DbOrTx, tenantId: string, w: LessonWindow, exceptReservationId?: string) {
  await lockLessonPeople(tx, tenantId, [w.studentId, w.instructorId]);
  const clash = await findOverlappingPractice(tx, tenantId, w, exceptReservationId);
  if (!clash) return;
  throw conflict(
    "PRACTICE_OVERLAP",
    clash.studentId === w.studentId
      ? "El alumno ya tiene una práctica registrada que coincide con ese horario"
      : "Ya tienes una práctica registrada que coincide con ese horario",
  );
}

async function getOne(db: Db, tenant: Tenant, instructorId: string, id: string): Promise<InstructorPractice> {
  const [row] = await listPracticeViews(db, tenant.id, { id, instructorId });
  if (!row) throw notFound("Práctica no encontrada");
  return toInstructorPractice(row, tenant.timeZone);
}

// The instructor finishes a confirmed lesson of theirs whose start has come: one practice per reservation.
export async function finishPractice(db: Db, tenant: Tenant, auth: Auth, body: FinishPracticeBody, now = new Date()): Promise<InstructorPractice> {
  const id = await db.transaction(async (tx) => {
    const r = await lockReservation(tx, tenant.id, body.reservationId);
    if (!r || r.instructorId !== auth.userId) throw notFound("Reserva no encontrada");
    if (r.status !== "confirmed") throw conflict("RESERVATION_NOT_CONFIRMED", "Solo se puede finalizar una reserva confirmada");
    if (r.startAt.getTime() > now.getTime()) throw conflict("RESERVATION_NOT_STARTED", "La práctica aún no ha comenzado");
    if (r.startAt < finishWindowStart(now)) {
      throw conflict("FINISH_WINDOW_CLOSED", `Solo se puede finalizar una práctica durante los ${FINISH_WINDOW_DAYS} días siguientes a su inicio`);
    }
    await checkVehicle(tx, tenant.id, body.vehicleId, r.licenseId);
    await refuseOverlappingPractice(tx, tenant.id, r, r.id);
    const inserted = await insertPractice(tx, {
      tenantId: tenant.id,
      reservationId: r.id,
      studentId: r.studentId,
      instructorId: r.instructorId,
      licenseId: r.licenseId,
      startAt: r.startAt,
      endAt: r.endAt,
      ...recordedFields(body),
    });
    if (!inserted) throw conflict("PRACTICE_ALREADY_RECORDED", "Esta práctica ya está finalizada");
    await onPracticeFinished(tx, tenant, { ...r, id: inserted, kmStart: body.kmStart, kmEnd: body.kmEnd }, now);
    return inserted;
  });
  return getOne(db, tenant, auth.userId, id);
}

// A lesson agreed at the desk, for one of the instructor's students in one of their assigned licences.
export async function recordManualPractice(db: Db, tenant: Tenant, auth: Auth, body: ManualPracticeBody, now = new Date()): Promise<InstructorPractice> {
  const assignment = await findAssignment(db, tenant.id, body.studentId, auth.userId, body.licenseId);
  if (!assignment) throw notFound("Alumno no encontrado");
  if (new Date(body.startAt).getTime() > now.getTime()) throw new AppError("VALIDATION_ERROR", "La práctica aún no ha comenzado", 422);
  if (new Date(body.startAt) < finishWindowStart(now)) {
    throw new AppError("VALIDATION_ERROR", `Solo se pueden registrar prácticas de los últimos ${FINISH_WINDOW_DAYS} días`, 422);
  }
  const lesson: LessonWindow = { studentId: body.studentId, instructorId: auth.userId, startAt: new Date(body.startAt), endAt: new Date(body.endAt) };
  const id = await db.transaction(async (tx) => {
    await checkVehicle(tx, tenant.id, body.vehicleId, body.licenseId);
    await refuseOverlappingPractice(tx, tenant.id, lesson);
    // A booked lesson is finished from its reservation (which keeps its charge and its link); a manual practice
    // beside it would record the same lesson twice.
    const [booked] = await listActiveBusy(tx, tenant.id, lesson, lesson.startAt, lesson.endAt);
    if (booked) {
      throw conflict(
        "RESERVATION_OVERLAP",
        booked.studentId === lesson.studentId
          ? "El alumno tiene una reserva pendiente o confirmada que coincide con ese horario: una clase reservada se finaliza desde su reserva"
          : "Tienes una reserva pendiente o confirmada que coincide con ese horario: una clase reservada se finaliza desde su reserva",
      );
    }
    const inserted = await insertPractice(tx, { tenantId: tenant.id, licenseId: body.licenseId, ...lesson, ...recordedFields(body) });
    if (!inserted) throw conflict("PRACTICE_ALREADY_RECORDED", "Esta práctica ya está finalizada");
    await onPracticeFinished(tx, tenant, { ...lesson, id: inserted, kmStart: body.kmStart, kmEnd: body.kmEnd }, now);
    return inserted;
  });
  return getOne(db, tenant, auth.userId, id);
}

/**
 * The spec's month-keyed history, a few months at a time: the `months` latest months (of the school's calendar) that
 * have practices, before the month `before` (none: from the latest). Each month is found by one index probe, so a
 * page costs the same however long the history is; nextCursor is the month to ask `before` next, null at the end.
 */
export async function getStudentHistory(
  db: Db,
  tenant: Tenant,
  studentId: string,
  q: PracticeHistoryQuery = { months: DEFAULT_HISTORY_MONTHS },
): Promise<{ history: PracticeHistory; nextCursor: string | null }> {
  const end = q.before ? monthRange(q.before, tenant.timeZone).from : null;
  // One month more than asked: whether it exists says whether there is a next page.
  const months = await listPracticeMonths(db, tenant.id, studentId, end, q.months + 1, tenant.timeZone);
  const shown = months.slice(0, q.months);
  const oldest = shown[shown.length - 1];
  if (!oldest) return { history: {}, nextCursor: null };
  const rows = await listPracticeViews(db, tenant.id, { studentId, from: monthRange(oldest, tenant.timeZone).from, ...(end ? { to: end } : {}) });
  return { history: groupByMonth(rows.map((r) => toPractice(r, tenant.timeZone))), nextCursor: months.length > q.months ? oldest : null };
}

const INSTRUCTOR_PRACTICES_CURSOR = "instructor-practices";

// The instructor's practices, newest first, a page at a time (optionally one student's, or one month's).
export async function listInstructorPractices(db: Db, tenant: Tenant, instructorId: string, q: InstructorPracticesQuery): Promise<Page<InstructorPractice>> {
  const range = q.month ? monthRange(q.month, tenant.timeZone) : {};
  const before = q.cursor ? decodeInstantCursor(INSTRUCTOR_PRACTICES_CURSOR, q.cursor) : undefined;
  const rows = await listPracticeViews(db, tenant.id, { instructorId, studentId: q.studentId, ...range, before, limit: q.limit + 1 });
  const page = pageOf(rows, q.limit, (last) => instantCursor(INSTRUCTOR_PRACTICES_CURSOR, last.practice.startAt, last.practice.id));
  return { items: page.items.map((r) => toInstructorPractice(r, tenant.timeZone)), nextCursor: page.nextCursor };
}

// The instructor's to-do list: started confirmed lessons inside the finishing window with no practice yet.
export async function listPendingPractices(db: Db, tenant: Tenant, instructorId: string, now = new Date()): Promise<PendingPractice[]> {
  const rows = await listPendingForInstructor(db, tenant.id, instructorId, finishWindowStart(now), now);
  return rows.map((r) => ({
    reservationId: r.reservationId,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    studentId: r.studentId,
    studentName: r.studentName,
    licenseId: r.licenseId,
    license: r.license,
  }));
}

export async function listFleet(db: Db, tenant: Tenant): Promise<PracticeVehicle[]> {
  return listActiveVehicles(db, tenant.id);
}
