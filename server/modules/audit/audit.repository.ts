import { aliasedTable, and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog, users } from "../../db/schema/core";
import type { Auth } from "../../http/context";

export type AuditEntry = {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
};

// Who acted: the administrator when impersonating (acting as the token's user), else the user.
export async function recordAudit(db: DbOrTx, tenantId: string, auth: Auth | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId,
    actorId: auth ? (auth.impersonatorId ?? auth.userId) : null,
    actingAsId: auth?.impersonatorId ? auth.userId : null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
  });
}

export async function listAudit(db: DbOrTx, tenantId: string, action?: string) {
  return db
    .select()
    .from(auditLog)
    .where(action ? and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)) : eq(auditLog.tenantId, tenantId))
    .orderBy(desc(auditLog.id));
}

const actor = aliasedTable(users, "actor");
const actingAs = aliasedTable(users, "acting_as");
const nameOf = (u: typeof actor) => ({ id: u.id, firstName: u.firstName, surname1: u.surname1, surname2: u.surname2 });

export type AuditFilter = { action?: string; actorId?: string; from?: Date; to?: Date; beforeId?: number; limit: number };

// One page of the school's log, newest first (id order), from just before `beforeId` (index audit_log_tenant_id_idx).
export function listAuditPage(db: DbOrTx, tenantId: string, f: AuditFilter) {
  return db
    .select({ entry: auditLog, actor: nameOf(actor), actingAs: nameOf(actingAs) })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(actingAs, eq(actingAs.id, auditLog.actingAsId))
    .where(
      and(
        eq(auditLog.tenantId, tenantId),
        f.action ? eq(auditLog.action, f.action) : undefined,
        f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
        f.from ? gte(auditLog.createdAt, f.from) : undefined,
        f.to ? lt(auditLog.createdAt, f.to) : undefined,
        f.beforeId !== undefined ? lt(auditLog.id, f.beforeId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(f.limit);
}

// The distinct actions of the school's log (the filter's options) without reading the log: a skip scan over the
// index (tenant_id, action, id), one probe per action.
export async function listAuditActions(db: DbOrTx, tenantId: string): Promise<string[]> {
  const result = await db.execute<{ action: string }>(sql`
    with recursive actions(action) as (
      (select action from audit_log where tenant_id = ${tenantId} order by action limit 1)
      union all
      select (select a.action from audit_log a where a.tenant_id = ${tenantId} and a.action > actions.action order by a.action limit 1)
      from actions where actions.action is not null
    )
    select action from actions where action is not null`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ action: string }> }).rows) as Array<{ action: string }>;
  return rows.map((r) => r.action);
}
