import type { OwnContact } from "@/lib/contract/phone";
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { users } from "../../db/schema/core";
import type { Auth } from "../../http/context";
import { notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { displayName, findUserById, type UserRow } from "../users/users.repository";

// 'Mi perfil' (issue 31 §2): what the person sees of their own record, and their phone, which they change themselves.
// The name is the office's record (it is on practices, exams and the CAP file): shown, not edited here.

const toContact = (u: UserRow): OwnContact => ({ name: displayName(u), username: u.username, dni: u.dni, email: u.email, phone: u.phone });

async function me(db: DbOrTx, tenantId: string, auth: Auth): Promise<UserRow> {
  const user = await findUserById(db, tenantId, auth.userId);
  if (!user) throw notFound("Usuario no encontrado");
  return user;
}

export async function getOwnContact(db: DbOrTx, tenantId: string, auth: Auth): Promise<OwnContact> {
  return toContact(await me(db, tenantId, auth));
}

export async function setOwnPhone(db: Db, tenantId: string, auth: Auth, phone: string | null): Promise<OwnContact> {
  return db.transaction(async (tx) => {
    const before = await me(tx, tenantId, auth);
    if (before.phone === phone) return toContact(before);
    const [after] = await tx
      .update(users)
      .set({ phone, updatedAt: new Date() })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, auth.userId)))
      .returning();
    await recordAudit(tx, tenantId, auth, {
      action: "user.phone_changed",
      targetType: "user",
      targetId: auth.userId,
      details: { name: displayName(before), from: before.phone, to: phone },
    });
    return toContact(after!);
  });
}
