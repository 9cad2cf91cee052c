import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
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

// The fingerprint of a conversation's messages, read by primary keys only (never the history): the send counter and
// last instant, one row that every send updates. No row when `me` does not take part in the conversation.
const fingerprintOf = preparedRead((db) =>
  db
    .select({
      messageCount: conversations.messageCount,
      lastMessageAt: sql<string | null>`to_char(${conversations.lastMessageAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.tenantId, tenantParam),
        eq(conversationParticipants.conversationId, sql.placeholder("conversationId")),
        eq(conversationParticipants.userId, meParam),
      ),
    )
    .prepare("chat_messages_fingerprint"),
);

export async function messagesFingerprint(db: DbOrTx, tenantId: string, conversationId: string, me: string) {
  const [row] = await fingerprintOf(db).execute({ tenantId, conversationId, me });
  return row ?? null;
}

// A cursor is a message id; its stable key (created_at to the microsecond, id) is read here, in this conversation
// only. The instant travels as text: a JavaScript Date would drop the microseconds and skip or repeat rows.
const cursorOf = preparedRead((db) =>
  db
    .select({ createdAt: sql<string>`to_char(${messages.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantParam),
        eq(messages.conversationId, sql.placeholder("conversationId")),
        eq(messages.id, sql.placeholder("cursor")),
      ),
    )
    .prepare("chat_messages_cursor"),
);

export async function findCursor(db: DbOrTx, tenantId: string, conversationId: string, cursor: string) {
  const [row] = await cursorOf(db).execute({ tenantId, conversationId, cursor });
  return row ?? null;
}

const messageColumns = {
  id: messages.id,
  author: messages.authorId,
  body: messages.body,
  createdAt: messages.createdAt,
  actedById: messages.actedById,
  actorFirstName: users.firstName,
  actorSurname1: users.surname1,
  actorSurname2: users.surname2,
};
const keyTs = sql`${sql.placeholder("keyAt")}::timestamptz`;
const keyId = sql`${sql.placeholder("keyId")}::uuid`;

// Pages of one conversation on the index (conversation_id, created_at, id): the newest, the ones older than a key
// (both newest first, reversed by the caller), and the ones newer than a key (oldest first). `limit` rows at most.
const pageQuery = (name: string, key: SQL | null, order: "asc" | "desc") =>
  preparedRead((db) =>
    db
      .select(messageColumns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.actedById))
      .where(
        and(
          eq(messages.tenantId, tenantParam),
          eq(messages.conversationId, sql.placeholder("conversationId")),
          ...(key ? [key] : []),
        ),
      )
      .orderBy(...(order === "desc" ? [desc(messages.createdAt), desc(messages.id)] : [asc(messages.createdAt), asc(messages.id)]))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );
const newestPage = pageQuery("chat_messages_newest", null, "desc");
const olderPage = pageQuery("chat_messages_older", sql`(${messages.createdAt}, ${messages.id}) < (${keyTs}, ${keyId})`, "desc");
const newerPage = pageQuery("chat_messages_newer", sql`(${messages.createdAt}, ${messages.id}) > (${keyTs}, ${keyId})`, "asc");

export type PageKey = { createdAt: string; id: string };

/** Up to `limit` messages, always oldest first: the newest ones, or those just older / newer than a key. */
export async function listMessagesPage(
  db: DbOrTx,
  tenantId: string,
  conversationId: string,
  page: { limit: number; before?: PageKey; after?: PageKey },
) {
  const base = { tenantId, conversationId, limit: page.limit };
  if (page.after) return newerPage(db).execute({ ...base, keyAt: page.after.createdAt, keyId: page.after.id });
  const rows = page.before
    ? await olderPage(db).execute({ ...base, keyAt: page.before.createdAt, keyId: page.before.id })
    : await newestPage(db).execute(base);
  return rows.reverse();
}

/** Locks the conversation's row until the transaction ends: sends to one conversation are serialised. */
export async function lockConversation(db: DbOrTx, tenantId: string, conversationId: string): Promise<void> {
  await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, conversationId)))
    .for("update");
}

/** One author's messages in one conversation since the start of the school's day (its IANA time zone). */
export async function countAuthorMessagesToday(db: DbOrTx, tenantId: string, conversationId: string, authorId: string, timeZone: string) {
  const [row] = await db
    .select({ n: sql<string | number>`count(*)` })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.conversationId, conversationId),
        eq(messages.authorId, authorId),
        sql`${messages.createdAt} >= (date_trunc('day', now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`,
      ),
    );
  return Number(row?.n ?? 0);
}

// Read marks are compared with messages' created_at, so both come from the database's clock (now()), never the API
// process's; greatest() keeps a mark from moving back when two writes race.
const readMarkUpTo = (instant: SQL) => sql`greatest(${conversationParticipants.lastReadAt}, ${instant})`;

/**
 * Call inside a transaction after lockConversation. The message's instant is the database's clock read while the
 * conversation is locked (clock_timestamp(), not the transaction's start): messages of one conversation are created
 * in the order they commit, so a poll for what is newer than the last message it saw never skips one that
 * committed late.
 */
export async function insertMessage(
  db: DbOrTx,
  tenantId: string,
  conversationId: string,
  authorId: string,
  partnerId: string,
  body: string,
  actedById: string | null = null,
) {
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`clock_timestamp()`, messageCount: sql`${conversations.messageCount} + 1` })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, conversationId)));
  const createdAt = sql`(SELECT c.last_message_at FROM conversations c WHERE c.id = ${conversationId})`;
  const [row] = await db.insert(messages).values({ tenantId, conversationId, authorId, body, actedById, createdAt }).returning();
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
