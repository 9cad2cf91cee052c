import { and, eq, sql } from "drizzle-orm";
import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT } from "@/lib/session/roles";
import type { Db, DbOrTx, Tx } from "../db/client";
import { users } from "../db/schema/core";
import { conversationParticipants, messages } from "../db/schema/messaging";
import { displayName } from "../modules/users/users.repository";
import { preview } from "./format";
import { notify } from "./notify";
import { scheduleJob } from "./queue";

// A chat message still unread after 2 minutes tells its reader (issue 29), whoever wrote it: student ↔ instructor or
// office. The job `chat-unread:<messageId>` is scheduled with the send; when it runs it says nothing if the reader has
// read up to the message, or if the same author wrote again since (that message's own job speaks for the burst: a
// run of messages tells once, after the last one).

export const CHAT_UNREAD_JOB = "chat-unread";
export const CHAT_UNREAD_DELAY_MS = 2 * 60_000;
export type ChatUnreadPayload = { tenantId: string; conversationId: string; messageId: string; readerId: string };

export async function scheduleChatUnread(
  tx: Tx,
  tenantId: string,
  message: { id: string; conversationId: string; createdAt: Date },
  readerId: string,
): Promise<void> {
  const payload: ChatUnreadPayload = { tenantId, conversationId: message.conversationId, messageId: message.id, readerId };
  const runAt = new Date(message.createdAt.getTime() + CHAT_UNREAD_DELAY_MS);
  await scheduleJob(tx, { key: `${CHAT_UNREAD_JOB}:${message.id}`, kind: CHAT_UNREAD_JOB, runAt, payload, tenantId });
}

/** The reader's own chat screen. */
function areaOf(roles: readonly string[]): "student" | "instructor" | "administrator" {
  if (roles.includes(ROLE_STUDENT)) return "student";
  if (roles.includes(ROLE_INSTRUCTOR)) return "instructor";
  return roles.some((r) => (ADMIN_ROLES as readonly string[]).includes(r)) ? "administrator" : "student";
}

async function findMessage(db: DbOrTx, tenantId: string, p: ChatUnreadPayload) {
  const [row] = await db
    .select({
      message: messages,
      unreadCount: conversationParticipants.unreadCount,
      // Compared in the database: both instants carry microseconds that a JavaScript Date would drop.
      isRead: sql<boolean>`coalesce(${conversationParticipants.lastReadAt} >= ${messages.createdAt}, false)`,
      author: { firstName: users.firstName, surname1: users.surname1, surname2: users.surname2 },
    })
    .from(messages)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, p.readerId)))
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, p.messageId), eq(messages.conversationId, p.conversationId)));
  return row ?? null;
}

async function hasLaterFromAuthor(db: DbOrTx, m: typeof messages.$inferSelect): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, m.conversationId),
        eq(messages.authorId, m.authorId),
        // The message's own instant read in SQL (a JavaScript Date would drop its microseconds).
        sql`(${messages.createdAt}, ${messages.id}) > (select m.created_at, m.id from messages m where m.id = ${m.id})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function readerRoles(db: DbOrTx, tenantId: string, readerId: string) {
  const [row] = await db.select({ roles: users.roles }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, readerId)));
  return row?.roles ?? [];
}

/** The job: tells the reader, unless the message was read (or the author wrote again since). */
export async function runChatUnread(db: Db, payload: ChatUnreadPayload, now: Date): Promise<"sent" | "skipped"> {
  return db.transaction(async (tx) => {
    const found = await findMessage(tx, payload.tenantId, payload);
    if (!found) return "skipped";
    const { message, unreadCount, isRead, author } = found;
    if (isRead || (await hasLaterFromAuthor(tx, message))) return "skipped";
    await notify(tx, {
      tenantId: payload.tenantId,
      userIds: [payload.readerId],
      kind: "chat-unread",
      params: {
        author: displayName(author),
        preview: preview(message.body),
        count: Math.max(1, unreadCount),
        area: areaOf(await readerRoles(tx, payload.tenantId, payload.readerId)),
        conversationId: message.conversationId,
      },
      data: { conversationId: message.conversationId, messageId: message.id },
      dedupeKey: `chat:${message.id}`,
      now,
    });
    return "sent";
  });
}
