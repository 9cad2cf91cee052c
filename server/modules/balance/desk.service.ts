import {
  ADJUSTMENT_BELOW_ZERO_MESSAGE,
  type BalanceAdjustmentBody,
  type DeskMovement,
  type DeskStudent,
  type DeskStudentDetail,
} from "@/lib/contract/balance";
import type { BalanceMode } from "@/lib/contract/config";
import type { Db, DbOrTx } from "../../db/client";
import type { Auth } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { getBookingSettings } from "../config/config.service";
import { displayName } from "../users/users.repository";
import { listBalances, type BalanceRow } from "./balance.repository";
import { changeBalance, toBalance, toMovement, withLessons } from "./balance.service";
import { decodeCursor, encodeCursor, pageOf, textKey } from "../../http/cursor";
import { findStudent, insertAdjustment, listMovementsWithReasons, searchStudents, type StudentRow } from "./desk.repository";
import { onBalanceCredited, onBalanceDebited } from "../../notifications/account-events";

// The school's balance desk: the office looks up a student and adds or deducts balance by hand, with a reason.

const studentNotFound = () => notFound("Alumno no encontrado");

function toDeskStudent(mode: BalanceMode, s: StudentRow, balance: BalanceRow | undefined): DeskStudent {
  return { id: s.id, name: displayName(s), dni: s.dni, username: s.username, isActive: s.isActive, balance: toBalance(mode, balance ?? null) };
}

const DESK_CURSOR = "desk-students";

export async function searchDeskStudents(
  db: DbOrTx,
  tenantId: string,
  q: { search?: string; cursor?: string; limit: number },
): Promise<{ items: DeskStudent[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(DESK_CURSOR, q.cursor, textKey(2)) : undefined;
  const [{ balanceMode }, rows] = await Promise.all([
    getBookingSettings(db, tenantId),
    searchStudents(db, tenantId, { search: q.search || undefined, after: after && { key: after.key as [string, string], id: after.id }, limit: q.limit + 1 }),
  ]);
  const page = pageOf(rows, q.limit, (s) => encodeCursor(DESK_CURSOR, [s.firstName, s.surname1], s.id));
  const balances = new Map((await listBalances(db, tenantId, page.items.map((s) => s.id))).map((b) => [b.studentId, b]));
  return { items: page.items.map((s) => toDeskStudent(balanceMode, s, balances.get(s.id))), nextCursor: page.nextCursor };
}

async function deskMovements(db: DbOrTx, tenantId: string, studentId: string): Promise<DeskMovement[]> {
  const rows = await listMovementsWithReasons(db, tenantId, studentId);
  // Each movement of a lesson names it (issue 31 §6, balance.service.ts withLessons).
  return withLessons(db, tenantId, rows.map((r) => ({
    ...toMovement(r.movement),
    reason: r.reason ?? null,
    actorName: r.actor?.firstName ? displayName(r.actor as Parameters<typeof displayName>[0]) : null,
  })));
}

export async function getDeskStudent(db: DbOrTx, tenantId: string, studentId: string): Promise<DeskStudentDetail> {
  const student = await findStudent(db, tenantId, studentId);
  if (!student) throw studentNotFound();
  const [{ balanceMode }, [balance], movements] = await Promise.all([
    getBookingSettings(db, tenantId),
    listBalances(db, tenantId, [studentId]),
    deskMovements(db, tenantId, studentId),
  ]);
  return { student: toDeskStudent(balanceMode, student, balance), movements };
}

// One transaction: the conditional balance update, its ledger movement, the reason and the audit entry.
// A deduction below zero changes nothing (the database refuses it inside changeBalance).
export async function adjustBalance(db: Db, tenantId: string, auth: Auth, studentId: string, body: BalanceAdjustmentBody): Promise<DeskStudentDetail> {
  const student = await findStudent(db, tenantId, studentId);
  if (!student) throw studentNotFound();
  const settings = await getBookingSettings(db, tenantId);
  const { balanceMode } = settings;
  const actorId = auth.impersonatorId ?? auth.userId;
  try {
    await db.transaction(async (tx) => {
      const movement = await changeBalance(tx, {
        tenantId,
        studentId,
        mode: balanceMode,
        amount: body.amount,
        operation: body.operation,
        description: body.operation === "top-up" ? "recarga_admin" : "consumo_admin",
        actorId,
      });
      await insertAdjustment(tx, { tenantId, studentId, movementId: movement!.id, reason: body.reason, createdBy: actorId });
      if (body.operation === "top-up") await onBalanceCredited(tx, tenantId, movement!, "desk", new Date());
      else await onBalanceDebited(tx, tenantId, studentId, { mode: balanceMode, before: movement!.amountBefore, after: movement!.amountAfter }, settings, new Date());
      await recordAudit(tx, tenantId, auth, {
        action: "balance.adjusted",
        targetType: "user",
        targetId: studentId,
        details: { student: displayName(student), operation: body.operation, mode: balanceMode, amount: body.amount, reason: body.reason },
      });
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "INSUFFICIENT_BALANCE") {
      throw new AppError("INSUFFICIENT_BALANCE", ADJUSTMENT_BELOW_ZERO_MESSAGE, 422);
    }
    throw error;
  }
  return getDeskStudent(db, tenantId, studentId);
}
