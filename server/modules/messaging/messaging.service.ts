import type { Contact, Conversation, Message, MessagePageQuery } from "@/lib/contract/messaging";
import { DAILY_CAP_ERROR, dailyCapMessage, MESSAGES_DAILY_CAP } from "@/lib/contract/constants/messaging";
import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT } from "@/lib/session/roles";
import type { Db } from "../../db/client";
import type { Page } from "../../http/cursor";
import type { Auth, Tenant } from "../../http/context";
import { AppError, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit.repository";
import { displayName } from "../users/users.repository";
import * as repo from "./messaging.repository";
import { takeSendSlot } from "./rate-limit";
import { scheduleChatUnread } from "../../notifications/chat-unread";

export const CONVERSATION_NOT_FOUND = "Conversación no encontrada";
export const PARTNER_NOT_FOUND = "Contacto no encontrado";
export const INVALID_CURSOR = "El cursor de mensajes no es válido";
// Bumped when the answer's shape changes, so no client reuses data of the old shape on 304 (2: the spec's array with
// X-Next-Cursor, instead of an object with cursors and the read mark).
const PAGE_VERSION = 2;

/** Who reads: staff (instructors, administrators) also see who wrote on someone's behalf; students never do. */
export type Reader = { userId: string; isStaff: boolean };
export const readerOf = (auth: Auth): Reader => ({
  userId: auth.userId,
  isStaff: auth.roles.some((r) => r === ROLE_INSTRUCTOR || (ADMIN_ROLES as readonly string[]).includes(r)),
});

// The role shown on the badge: the partner's most significant chat role.
function chatRole(roles: string[]): string {
  const admin = roles.find((r) => (ADMIN_ROLES as readonly string[]).includes(r));
  if (admin) return admin;
  if (roles.includes(ROLE_INSTRUCTOR)) return ROLE_INSTRUCTOR;
  if (roles.includes(ROLE_STUDENT)) return ROLE_STUDENT;
  return roles[0] ?? "";
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listContacts(db: Db, tenantId: string, me: string): Promise<Contact[]> {
  const rows = await repo.listContacts(db, tenantId, me);
  return rows.map((u) => ({ id: u.id, name: displayName(u), profileImage: u.profileImage, type: chatRole(u.roles) }));
}

export async function listConversations(db: Db, tenantId: string, me: string): Promise<Conversation[]> {
  const rows = await repo.listConversations(db, tenantId, me);
  return rows.map((r) => ({
    id: r.id,
    partnerId: r.partnerId,
    partnerName: displayName(r),
    partnerProfileImage: r.profileImage,
    type: chatRole(r.roles),
    unreadCount: r.unreadCount,
    read: r.unreadCount === 0,
    partnerLastReadAt: iso(r.partnerLastReadAt),
  }));
}

export const unreadCount = (db: Db, tenantId: string, me: string) => repo.sumUnread(db, tenantId, me);

// Answers the existing conversation when the pair already has one; a partner outside the who-may-talk rule
// (or of another tenant, or unknown) is 404 and nothing is written.
export async function openConversation(db: Db, tenantId: string, me: string, partnerId: string): Promise<{ id: string; isNew: boolean }> {
  if (!(await repo.isAllowedPartner(db, tenantId, me, partnerId))) throw notFound(PARTNER_NOT_FOUND);
  const existing = await repo.findConversationId(db, tenantId, me, partnerId);
  if (existing) return { id: existing, isNew: false };
  const id = await db.transaction((tx) => repo.insertConversation(tx, tenantId, me, partnerId));
  return { id, isNew: true };
}

async function requireParticipant(db: Db, tenantId: string, conversationId: string, me: string) {
  const participant = await repo.findParticipant(db, tenantId, conversationId, me);
  if (!participant) throw notFound(CONVERSATION_NOT_FOUND);
  return participant;
}

/**
 * What the messages' ETag is made of: everything the answer (its body and its X-Next-Cursor) depends on, and nothing
 * else. The conversation, the query, whether the reader is staff (staff also get `actedBy`), the conversation's send
 * counter and last instant (messages are only ever added, each send bumps both). Read by primary keys (never the
 * history); 404 when the reader does not take part. Not the reader's id: both sides read the same list. Not the read
 * marks: they travel in the conversation list.
 */
export async function messagesFingerprint(db: Db, tenantId: string, conversationId: string, reader: Reader, query: MessagePageQuery) {
  const row = await repo.messagesFingerprint(db, tenantId, conversationId, reader.userId);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  const { limit, before = null, after = null } = query;
  return [PAGE_VERSION, conversationId, reader.isStaff, limit, before, after, row.messageCount, row.lastMessageAt];
}

async function keyOf(db: Db, tenantId: string, conversationId: string, cursor: string | undefined) {
  if (!cursor) return undefined;
  const key = await repo.findCursor(db, tenantId, conversationId, cursor);
  if (!key) throw new AppError("VALIDATION_ERROR", INVALID_CURSOR, 422);
  return key;
}

type MessageRow = Awaited<ReturnType<typeof repo.listMessagesPage>>[number];
function toMessage(m: MessageRow, reader: Reader): Message {
  const message: Message = { id: m.id, author: m.author, body: m.body, createdAt: iso(m.createdAt)! };
  if (reader.isStaff && m.actedById) {
    message.actedBy = { id: m.actedById, name: displayName({ firstName: m.actorFirstName ?? "", surname1: m.actorSurname1 ?? "", surname2: m.actorSurname2 }) };
  }
  return message;
}

/**
 * One page, oldest first. `nextCursor` is the position of the page just older (the `before` of the next read): the
 * id of this page's oldest message when older ones exist; none on an `after` page (the caller holds what is older).
 * Call after messagesFingerprint, which checks that the reader takes part.
 */
export async function listMessages(
  db: Db,
  tenantId: string,
  conversationId: string,
  reader: Reader,
  query: MessagePageQuery,
): Promise<Page<Message>> {
  const [before, after] = [await keyOf(db, tenantId, conversationId, query.before), await keyOf(db, tenantId, conversationId, query.after)];
  // One row more than asked tells whether another page lies beyond this one; it is not answered.
  const rows = await repo.listMessagesPage(db, tenantId, conversationId, { limit: query.limit + 1, before, after });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? (after ? rows.slice(0, query.limit) : rows.slice(1)) : rows;
  return { items: page.map((m) => toMessage(m, reader)), nextCursor: !after && hasMore ? page[0]!.id : null };
}

export async function sendMessage(db: Db, tenant: Pick<Tenant, "id" | "timeZone">, conversationId: string, auth: Auth, body: string): Promise<Message> {
  const me = auth.userId;
  const participant = await requireParticipant(db, tenant.id, conversationId, me);
  // The partner must still be someone `me` may talk to (an assignment may have ended).
  if (!(await repo.isAllowedPartner(db, tenant.id, me, participant.partnerId))) throw notFound(CONVERSATION_NOT_FOUND);
  if (!takeSendSlot(`${tenant.id}:${me}`)) {
    throw new AppError("TOO_MANY_ATTEMPTS", "Estás enviando demasiados mensajes. Espera unos segundos e inténtalo de nuevo.", 429);
  }
  const row = await db.transaction(async (tx) => {
    // Counted under the conversation's lock, so two sends in flight cannot both take the last place of the day.
    await repo.lockConversation(tx, tenant.id, conversationId);
    if ((await repo.countAuthorMessagesToday(tx, tenant.id, conversationId, me, tenant.timeZone)) >= MESSAGES_DAILY_CAP) {
      throw new AppError(DAILY_CAP_ERROR, dailyCapMessage(MESSAGES_DAILY_CAP), 429);
    }
    // An administrator acting as the user writes as them: the message is theirs, the administrator is kept beside it.
    const inserted = await repo.insertMessage(tx, tenant.id, conversationId, me, participant.partnerId, body, auth.impersonatorId);
    // Still unread in 2 minutes, the partner is told (the job checks then).
    await scheduleChatUnread(tx, tenant.id, inserted, participant.partnerId);
    if (auth.impersonatorId) {
      await recordAudit(tx, tenant.id, auth, { action: "messaging.message_sent_as_user", targetType: "message", targetId: inserted.id, details: { conversationId } });
    }
    return inserted;
  });
  return { id: row.id, author: row.authorId, body: row.body, createdAt: iso(row.createdAt)! };
}

export async function markConversationRead(db: Db, tenantId: string, conversationId: string, me: string): Promise<void> {
  await requireParticipant(db, tenantId, conversationId, me);
  await repo.markRead(db, tenantId, conversationId, me);
}
