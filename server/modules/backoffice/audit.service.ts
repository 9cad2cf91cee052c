import { z } from "zod";
import type { AuditPage, auditQuerySchema } from "@/lib/contract/backoffice";
import { addDays, localToUtc } from "@/lib/time/zoned-time";
import type { Db } from "../../db/client";
import type { Tenant } from "../../http/context";
import { listAuditActions, listAuditPage } from "../audit/audit.repository";
import { displayName } from "../users/users.repository";
import { decodeCursor, encodeCursor, pageOf } from "../../http/cursor";

const person = (u: { id: string | null; firstName: string | null; surname1: string | null; surname2: string | null } | null) =>
  u?.id && u.firstName !== null && u.surname1 !== null ? { id: u.id, name: displayName({ firstName: u.firstName, surname1: u.surname1, surname2: u.surname2 }) } : null;

const CURSOR_KIND = "audit";
// The log's order is its id (a bigserial: insertion order, which is the log's time order); the id is the whole key.
const auditId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// Dates are days of the school's calendar (its time zone), 'to' included; the contract keeps them in 1900–2200.
export async function listAuditLog(db: Db, tenant: Tenant, q: z.output<typeof auditQuerySchema>): Promise<AuditPage> {
  const beforeId = q.cursor ? decodeCursor(CURSOR_KIND, q.cursor, z.tuple([]), auditId).id : undefined;
  const [rows, actions] = await Promise.all([
    listAuditPage(db, tenant.id, {
      action: q.action || undefined,
      actorId: q.actorId,
      from: q.from ? new Date(localToUtc(q.from, 0, tenant.timeZone)) : undefined,
      to: q.to ? new Date(localToUtc(addDays(q.to, 1), 0, tenant.timeZone)) : undefined,
      beforeId,
      limit: q.limit + 1,
    }),
    listAuditActions(db, tenant.id),
  ]);
  const page = pageOf(rows, q.limit, (last) => encodeCursor(CURSOR_KIND, [], last.entry.id));
  return {
    data: page.items.map(({ entry, actor, actingAs }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      actor: person(actor),
      actingAs: person(actingAs),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details,
    })),
    nextCursor: page.nextCursor,
    actions,
  };
}
