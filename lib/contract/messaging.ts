import { z } from "zod";
import { pageLimitSchema } from "./paging";
import { uuidSchema } from "./common";
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_DEFAULT } from "./constants/messaging";

export const contactSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  profileImage: z.string().nullable(),
  type: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.array(contactSchema);

export const conversationSchema = z.object({
  id: uuidSchema,
  partnerId: uuidSchema,
  partnerName: z.string(),
  partnerProfileImage: z.string().nullable(),
  type: z.string(),
  unreadCount: z.number().int(),
  read: z.boolean(),
  partnerLastReadAt: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const messageSchema = z.object({
  id: z.string(),
  author: uuidSchema,
  body: z.string(),
  createdAt: z.string(),
  // Staff readers only (instructors, administrators): the administrator who wrote it while acting as the author.
  // Absent for students, who never learn who wrote on someone's behalf.
  actedBy: z.object({ id: uuidSchema, name: z.string() }).optional(),
  // Client-only: a message shown before the server confirmed it.
  isOptimistic: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);

/**
 * GET /messaging/conversations/{id}/messages answers the spec's list, oldest first (messageListSchema), a page at a
 * time. Like every paged list (lib/contract/constants/paging.ts), the position of the page just older travels in the
 * X-Next-Cursor header, absent when nothing older exists; a spec upstream that does not page sends no header and its
 * whole list is the one page. Query (messagePageQuerySchema), cursors being message ids:
 * - nothing: the newest `limit` messages (default 50, at most 100);
 * - `before=<X-Next-Cursor>`: the page just older;
 * - `after=<id of the newest message held>`: what is newer (the poll), oldest first, at most `limit`, no header (the
 *   caller holds everything older; a full page means more may follow: ask again after its last message).
 * The partner's read mark (the read ticks) is the conversation list's `partnerLastReadAt`, as the spec has it.
 */
const cursorSchema = z.uuid({ error: "El cursor de mensajes no es válido" });
export const messagePageQuerySchema = z
  .object({
    limit: pageLimitSchema(MESSAGES_PAGE_DEFAULT),
    before: cursorSchema.optional(),
    after: cursorSchema.optional(),
  })
  .refine((q) => !(q.before && q.after), { error: "Usa before o after, no ambos", path: ["after"] });
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export const createdConversationSchema = z.object({ id: uuidSchema });

export const createConversationBodySchema = z.object({
  partnerId: z.string({ error: "Falta el destinatario" }).trim().pipe(z.uuid({ error: "Destinatario no encontrado" })),
});
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;

export const sendMessageBodySchema = z.object({
  body: z
    .string({ error: "El mensaje es obligatorio" })
    .trim()
    .min(1, { error: "El mensaje no puede estar vacío" })
    .max(MESSAGE_MAX_LENGTH, { error: `El mensaje no puede superar los ${MESSAGE_MAX_LENGTH} caracteres` }),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
