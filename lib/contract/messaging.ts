import { z } from "zod";
import { uuidSchema } from "./common";
import { MESSAGE_MAX_LENGTH } from "./constants/messaging";

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
  // Client-only: a message shown before the server confirmed it.
  isOptimistic: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);

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
