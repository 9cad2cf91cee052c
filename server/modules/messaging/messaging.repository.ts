import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedRead } from "../../db/prepared";
import { conversationParticipants, conversations, messages } from "../../db/schema/messaging";
import { instructorAssignments } from "../../db/schema/reservations";
import { users } from "../../db/schema/core";
import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT } from "@/lib/session/roles";

const ADMIN = sql.raw(`ARRAY[${ADMIN_ROLES.map((r) => `'${r}'`).join(",")}]::text[]`);
const CHAT_ROLES = sql.raw(`ARRAY[${[ROLE_STUDENT, ROLE_INSTRUCTOR, ...ADMIN_ROLES].map((r) => `'${r}'`).join(",")}]::text[]`);

// Who may talk to `me` (spec decision, docs/decisions/chat.md): administrators with everyone of the school;
// a student with their assigned instructors and the administrators; an instructor with their students and the
// administrators. Written as one SQL condition on `users` so the contact list and the check share it.
function mayTalkWith(tenantId: string, me: string) {
  return sql`(
    ${users.tenantId} = ${tenantId} AND ${users.isActive} AND ${users.id} <> ${me}
    AND ${users.roles} && ${CHAT_ROLES}
    AND (
      ${users.roles} && ${ADMIN}
      OR EXISTS (SELECT 1 FROM users m WHERE m.id = ${me} AND m.tenant_id = ${tenantId} AND m.roles && ${ADMIN})
      OR EXISTS (SELECT 1 FROM ${instructorAssignments} a WHERE a.tenant_id = ${tenantId}
        AND ((a.student_id = ${me} AND a.instructor_id = ${users.id}) OR (a.instructor_id = ${me} AND a.student_id = ${users.id})))
    )
  )`;
}

export async function listContacts(db: DbOrTx, tenantId: string, me: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      surname1: users.surname1,
      surname2: users.surname2,
      profileImage: users.profileImage,
      roles: users.roles,
    })
    .from(users)
    .where(mayTalkWith(tenantId, me))
    .orderBy(asc(users.firstName), asc(users.surname1), asc(users.id));
}

export async function isAllowedPartner(db: DbOrTx, tenantId: string, me: string, partnerId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.id, partnerId), mayTalkWith(tenantId, me)));
  return rows.length > 0;
}

// The three polled reads (every 5–10 s per open screen) are prepared statements (server/db/prepared.ts).
const tenantParam = sql.placeholder("tenantId");
const meParam = sql.placeholder("me");

const conversationsOf = preparedRead((db) =>
  db
    .select({
      id: conversationParticipants.conversationId,
      partnerId: conversationParticipants.partnerId,
      firstName: users.firstName,
      surname1: users.surname1,
      surname2: users.surname2,
      profileImage: users.profileImage,
      roles: users.roles,
      unreadCount: conversationParticipants.unreadCount,
      partnerLastReadAt: sql<Date | string | null>`(SELECT p.last_read_at FROM conversation_participants p
        WHERE p.conversation_id = ${conversationParticipants.conversationId} AND p.user_id = ${conversationParticipants.partnerId})`,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(users, eq(users.id, conversationParticipants.partnerId))
    .where(and(eq(conversationParticipants.tenantId, tenantParam), eq(conversationParticipants.userId, meParam)))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, sql`${conversations.createdAt} DESC`)
    .prepare("chat_conversations"),
);

export async function listConversations(db: DbOrTx, tenantId: string, me: string) {
  return conversationsOf(db).execute({ tenantId, me });
}

// One indexed query (conversation_participants_user_idx): the sum of the per-side counters.
const unreadOf = preparedRead((db) =>
  db
    .select({ n: sql<string | number>`coalesce(sum(${conversationParticipants.unreadCount}), 0)` })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.tenantId, tenantParam), eq(conversationParticipants.userId, meParam)))
    .prepare("chat_unread"),
);

export async function sumUnread(db: DbOrTx, tenantId: string, me: string): Promise<number> {
  const [row] = await unreadOf(db).execute({ tenantId, me });
  return Number(row?.n ?? 0);
}

export async function findParticipant(db: DbOrTx, tenantId: string, conversationId: string, me: string) {
  const [row] = await db
    .select()
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.tenantId, tenantId),
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, me),
      ),
    );
  return row ?? null;
}

export async function findConversationId(db: DbOrTx, tenantId: string, a: string, b: string): Promise<string | null> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  return row?.id ?? null;
}

// Insert-or-get, settled by the unique pair index so two concurrent creations end with one conversation.
export async function insertConversation(db: DbOrTx, tenantId: string, a: string, b: string): Promise<string> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .insert(conversations)
    .values({ tenantId, userLowId: low, userHighId: high })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!row) return (await findConversationId(db, tenantId, a, b))!;
  await db.insert(conversationParticipants).values([
    { conversationId: row.id, tenantId, userId: a, partnerId: b },
    { conversationId: row.id, tenantId, userId: b, partnerId: a },
  ]);
  return row.id;
}

// The conversation's messages, oldest first, read only when `me` takes part in it: one query that answers no row at
// all for someone else's conversation, and one row with a null message for an empty conversation of theirs.
const messagesOf = preparedRead((db) =>
  db
    .select({ id: messages.id, author: messages.authorId, body: messages.body, createdAt: messages.createdAt })
    .from(conversationParticipants)
    .leftJoin(messages, and(eq(messages.conversationId, conversationParticipants.conversationId), eq(messages.tenantId, conversationParticipants.tenantId)))
    .where(
      and(
        eq(conversationParticipants.tenantId, tenantParam),
        eq(conversationParticipants.conversationId, sql.placeholder("conversationId")),
        eq(conversationParticipants.userId, meParam),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .prepare("chat_messages"),
);

/** Null when `me` does not take part in the conversation. */
export async function listMessagesFor(db: DbOrTx, tenantId: string, conversationId: string, me: string) {
  const rows = await messagesOf(db).execute({ tenantId, conversationId, me });
  if (rows.length === 0) return null;
  return rows.flatMap((m) => (m.id && m.author && m.body !== null && m.createdAt ? [{ id: m.id, author: m.author, body: m.body, createdAt: m.createdAt }] : []));
}

// Read marks are compared with messages' created_at, so both come from the database's clock (now()), never the API
// process's; greatest() keeps a mark from moving back when two writes race.
const readMarkUpTo = (instant: SQL) => sql`greatest(${conversationParticipants.lastReadAt}, ${instant})`;

export async function insertMessage(db: DbOrTx, tenantId: string, conversationId: string, authorId: string, partnerId: string, body: string) {
  const [row] = await db.insert(messages).values({ tenantId, conversationId, authorId, body }).returning();
  await db.update(conversations).set({ lastMessageAt: row!.createdAt }).where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, conversationId)));
  await db
    .update(conversationParticipants)
    .set({ unreadCount: sql`${conversationParticipants.unreadCount} + 1` })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, partnerId)));
  // The author has read everything up to their own message; a later read mark stays (marks never go back).
  await db
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadAt: readMarkUpTo(sql`(SELECT m.created_at FROM messages m WHERE m.id = ${row!.id})`) })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, authorId)));
  return row!;
}

export async function markRead(db: DbOrTx, tenantId: string, conversationId: string, me: string): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadAt: readMarkUpTo(sql`now()`) })
    .where(
      and(
        eq(conversationParticipants.tenantId, tenantId),
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, me),
      ),
    );
}
