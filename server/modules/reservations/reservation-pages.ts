import { PAGE_COUNT_CAP } from "@/lib/contract/constants/paging";
import type { PageQuery } from "@/lib/contract/paging";
import type { DbOrTx } from "../../db/client";
import { decodeInstantCursor, instantCursor, pageOf } from "../../http/cursor";
import { countReservations, listReservationPage, type ReservationFilter, type ReservationView } from "./reservations.repository";

// One tab of a reservations list: which rows, and which way along their end they are read.
// `countFilter`, when set, is what the tab's count counts (the student's 'Próximas' counts only active lessons).
export type ScopeSpec = { filter: ReservationFilter; direction: "asc" | "desc"; countFilter?: ReservationFilter };

export type ViewPage = { views: ReservationView[]; nextCursor: string | null; total?: number };

/**
 * A page of one list (kind names it in the cursor, so a cursor of another tab is refused). The first page also
 * counts the list, capped (the tabs show the count); later pages do not count again.
 */
export async function readReservationPage(db: DbOrTx, tenantId: string, kind: string, spec: ScopeSpec, page: PageQuery): Promise<ViewPage> {
  const after = page.cursor ? decodeInstantCursor(kind, page.cursor) : undefined;
  const [rows, total] = await Promise.all([
    listReservationPage(db, tenantId, spec.filter, { direction: spec.direction, after, limit: page.limit + 1 }),
    after ? undefined : countReservations(db, tenantId, spec.countFilter ?? spec.filter, PAGE_COUNT_CAP),
  ]);
  const { items, nextCursor } = pageOf(rows, page.limit, (last) => instantCursor(kind, last.reservation.endAt, last.reservation.id));
  return { views: items, nextCursor, ...(total === undefined ? {} : { total }) };
}
