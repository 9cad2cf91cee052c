import type { Balance, BalanceMovement, MovementDescription } from "@/lib/contract/balance";
import type { BalanceMode } from "@/lib/contract/config";
import { DEFAULT_PAGE_SIZE, type PageQuery } from "@/lib/contract/paging";
import { INSUFFICIENT_BALANCE_MESSAGE } from "@/lib/contract/constants/reservations";
import type { DbOrTx, Tx } from "../../db/client";
import { decodeSeqCursor, encodeCursor, pageOf, type Page } from "../../http/cursor";
import { AppError } from "../../http/errors";
import { getBookingSettings } from "../config/config.service";
import { displayName } from "../users/users.repository";
import {
  addToBalance,
  ensureBalance,
  findBalance,
  insertMovement,
  listLessons,
  listMovements,
  type BalanceRow,
  type MovementRow,
} from "./balance.repository";

export const insufficientBalance = () => new AppError("INSUFFICIENT_BALANCE", INSUFFICIENT_BALANCE_MESSAGE, 422);

export function toBalance(mode: BalanceMode, row: Pick<BalanceRow, "seconds" | "cents"> | null): Balance {
  return {
    balanceMode: mode,
    timeBalanceSeconds: mode === "time" ? (row?.seconds ?? 0) : null,
    moneyBalanceCents: mode === "money" ? (row?.cents ?? 0) : null,
  };
}

export async function getBalance(db: DbOrTx, tenantId: string, studentId: string): Promise<Balance> {
  const [settings, row] = await Promise.all([getBookingSettings(db, tenantId), findBalance(db, tenantId, studentId)]);
  return toBalance(settings.balanceMode, row);
}

export function toMovement(m: MovementRow): BalanceMovement {
  const isTime = m.type === "time";
  return {
    id: m.id,
    operation: m.operation,
    type: m.type,
    description: m.description,
    date: m.createdAt.toISOString(),
    secondsAmount: isTime ? m.amount : null,
    secondsAmountBefore: isTime ? m.amountBefore : null,
    secondsAmountAfter: isTime ? m.amountAfter : null,
    moneyAmount: isTime ? null : m.amount,
    moneyAmountBefore: isTime ? null : m.amountBefore,
    moneyAmountAfter: isTime ? null : m.amountAfter,
    currency: "EUR",
    reservationId: m.reservationId,
    lesson: null,
  };
}

/**
 * Names the lesson of each movement tied to one (issue 31 §6): its date, time and instructor as the lesson stands now
 * (a moved lesson reads its new time on every row, the booking's included), for the student's and the office's
 * histories. One read for the whole page.
 */
export async function withLessons<T extends BalanceMovement>(db: DbOrTx, tenantId: string, movements: T[]): Promise<T[]> {
  const ids = movements.flatMap((m) => (m.reservationId ? [m.reservationId] : []));
  const lessons = new Map((await listLessons(db, tenantId, ids)).map((l) => [l.id, l]));
  return movements.map((m) => {
    const l = m.reservationId ? lessons.get(m.reservationId) : undefined;
    return l ? { ...m, lesson: { id: l.id, start: l.startAt.toISOString(), end: l.endAt.toISOString(), instructor: displayName(l.instructor) } } : m;
  });
}

const LEDGER_CURSOR = "ledger";

// One page of the student's movements, newest first (the ledger grows with every booking and refund).
export async function getBalanceHistory(
  db: DbOrTx,
  tenantId: string,
  studentId: string,
  page: PageQuery = { limit: DEFAULT_PAGE_SIZE },
): Promise<Page<BalanceMovement>> {
  const beforeSeq = page.cursor ? decodeSeqCursor(LEDGER_CURSOR, page.cursor).seq : undefined;
  const rows = await listMovements(db, tenantId, studentId, { beforeSeq, limit: page.limit + 1 });
  const { items, nextCursor } = pageOf(rows, page.limit, (last) => encodeCursor(LEDGER_CURSOR, last.seq, last.id));
  return { items: await withLessons(db, tenantId, items.map(toMovement)), nextCursor };
}

export type BalanceChange = {
  tenantId: string;
  studentId: string;
  mode: BalanceMode;
  amount: number; // positive magnitude: seconds or cents
  operation: "top-up" | "consumption";
  description: MovementDescription;
  reservationId?: string | null;
  actorId?: string | null;
  at?: Date; // when it happened (demo data); now by default
};

// The one way a balance changes: a conditional update plus its ledger movement, in the caller's transaction (a
// transaction is required: outside one, another connection could read the balance changed and its movement not yet
// written).
// A charge that would leave the balance negative changes nothing and throws INSUFFICIENT_BALANCE. The booking's
// debit is the exception: the same update and movements, written with its reservations in one statement under the
// balance lock (server/modules/reservations/booking.repository.ts), for its throughput.
export async function changeBalance(tx: Tx, change: BalanceChange): Promise<MovementRow | null> {
  if (change.amount === 0) return null;
  await ensureBalance(tx, change.tenantId, change.studentId);
  const field = change.mode === "time" ? "seconds" : "cents";
  const delta = change.operation === "top-up" ? change.amount : -change.amount;
  const row = await addToBalance(tx, change.tenantId, change.studentId, field, delta);
  if (!row) throw insufficientBalance();
  const after = row[field];
  return insertMovement(tx, {
    tenantId: change.tenantId,
    studentId: change.studentId,
    reservationId: change.reservationId ?? null,
    type: change.mode,
    operation: change.operation,
    description: change.description,
    amount: change.amount,
    amountBefore: after - delta,
    amountAfter: after,
    createdBy: change.actorId ?? null,
    ...(change.at ? { createdAt: change.at } : {}),
  });
}
