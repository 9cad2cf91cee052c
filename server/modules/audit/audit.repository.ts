import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema/core";
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
