// Tables of the messaging domain: one conversation per pair of users of a tenant, one participant row per side
// (unread counter and read mark of that side), and the messages. Chat history outlives its users like money history
// (historyUserRef, migration 0010): deleting a user who has a conversation is refused.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { historyUserRef, tenantId } from "../columns";

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    // The pair is stored ordered (userLowId < userHighId) so a unique index forbids duplicates.
    userLowId: historyUserRef("user_low_id"),
    userHighId: historyUserRef("user_high_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    // Increased by every send (the row the send locks): with the read marks, the messages' ETag (migration 0010).
    messageCount: integer("message_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("conversations_pair_uq").on(t.tenantId, t.userLowId, t.userHighId),
    check("conversations_pair_ordered", sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    tenantId: tenantId(),
    userId: historyUserRef("user_id"),
    partnerId: historyUserRef("partner_id"),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.tenantId, t.userId),
    check("conversation_participants_unread_nonneg", sql`${t.unreadCount} >= 0`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: historyUserRef("author_id"),
    // The administrator who wrote it while acting as the author (impersonation); shown to staff only.
    actedById: uuid("acted_by_id").references(() => users.id, { onDelete: "no action" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Pages walk the stable key (created_at, id); the daily cap counts one author's messages of today.
    index("messages_conversation_created_id_idx").on(t.conversationId, t.createdAt, t.id),
    index("messages_conversation_author_created_idx").on(t.conversationId, t.authorId, t.createdAt),
    index("messages_tenant_idx").on(t.tenantId),
    check("messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);
