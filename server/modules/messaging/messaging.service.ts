import type { Contact, Conversation, Message } from "@/lib/contract/messaging";
import { ADMIN_ROLES, ROLE_INSTRUCTOR, ROLE_STUDENT } from "@/lib/session/roles";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { displayName } from "../users/users.repository";
import * as repo from "./messaging.repository";
import { takeSendSlot } from "./rate-limit";

export const CONVERSATION_NOT_FOUND = "Conversación no encontrada";
export const PARTNER_NOT_FOUND = "Contacto no encontrado";

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

export async function listMessages(db: Db, tenantId: string, conversationId: string, me: string): Promise<Message[]> {
  const rows = await repo.listMessagesFor(db, tenantId, conversationId, me);
  if (!rows) throw notFound(CONVERSATION_NOT_FOUND);
  return rows.map((m) => ({ id: m.id, author: m.author, body: m.body, createdAt: iso(m.createdAt)! }));
}

export async function sendMessage(db: Db, tenantId: string, conversationId: string, me: string, body: string): Promise<Message> {
  const participant = await requireParticipant(db, tenantId, conversationId, me);
  // The partner must still be someone `me` may talk to (an assignment may have ended).
  if (!(await repo.isAllowedPartner(db, tenantId, me, participant.partnerId))) throw notFound(CONVERSATION_NOT_FOUND);
  if (!takeSendSlot(`${tenantId}:${me}`)) {
    throw new AppError("TOO_MANY_ATTEMPTS", "Estás enviando demasiados mensajes. Espera unos segundos e inténtalo de nuevo.", 429);
  }
  const row = await db.transaction((tx) => repo.insertMessage(tx, tenantId, conversationId, me, participant.partnerId, body));
  return { id: row.id, author: row.authorId, body: row.body, createdAt: iso(row.createdAt)! };
}

export async function markConversationRead(db: Db, tenantId: string, conversationId: string, me: string): Promise<void> {
  await requireParticipant(db, tenantId, conversationId, me);
  await repo.markRead(db, tenantId, conversationId, me);
}
