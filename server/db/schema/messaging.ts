// Tables of the messaging domain: one conversation per pair of users of a tenant, one participant row per side
// (unread counter and read mark of that side), and the messages.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./core";
import { tenantId, userRef } from "../columns";


export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    // The pair is stored ordered (userLowId < userHighId) so a unique index forbids duplicates.
    userLowId: userRef("user_low_id"),
    userHighId: userRef("user_high_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
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
    userId: userRef("user_id"),
    partnerId: userRef("partner_id"),
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
    authorId: userRef("author_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    index("messages_tenant_idx").on(t.tenantId),
    check("messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);
