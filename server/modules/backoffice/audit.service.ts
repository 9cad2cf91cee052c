import { aliasedTable, and, count, desc, eq, gte, lt } from "drizzle-orm";
import type { AuditPage, auditQuerySchema } from "@/lib/contract/backoffice";
import type { z } from "zod";
import { addDays, localToUtc } from "@/lib/time/zoned-time";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema/core";
import type { Tenant } from "../../http/context";
import { displayName } from "../users/users.repository";

const actor = aliasedTable(users, "actor");
const actingAs = aliasedTable(users, "acting_as");
const person = (u: { id: string; firstName: string; surname1: string; surname2: string | null } | null) =>
  u?.id ? { id: u.id, name: displayName(u) } : null;

// Dates are days of the school's calendar (its time zone), 'to' included.
export async function listAuditLog(db: Db, tenant: Tenant, q: z.output<typeof auditQuerySchema>): Promise<AuditPage> {
  const where = and(
    eq(auditLog.tenantId, tenant.id),
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.from ? gte(auditLog.createdAt, new Date(localToUtc(q.from, 0, tenant.timeZone))) : undefined,
    q.to ? lt(auditLog.createdAt, new Date(localToUtc(addDays(q.to, 1), 0, tenant.timeZone))) : undefined,
  );
  const [rows, [total], actions] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actor: { id: actor.id, firstName: actor.firstName, surname1: actor.surname1, surname2: actor.surname2 },
        actingAs: { id: actingAs.id, firstName: actingAs.firstName, surname1: actingAs.surname1, surname2: actingAs.surname2 },
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(actingAs, eq(actingAs.id, auditLog.actingAsId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).where(eq(auditLog.tenantId, tenant.id)).orderBy(auditLog.action),
  ]);
  const n = total?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(n / q.limit));
  return {
    data: rows.map(({ entry, actor: a, actingAs: b }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      actor: person(a as never),
      actingAs: person(b as never),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details,
    })),
    pagination: { page: q.page, totalPages, total: n, hasPreviousPage: q.page > 1, hasNextPage: q.page < totalPages },
    actions: actions.map((a) => a.action),
  };
}
