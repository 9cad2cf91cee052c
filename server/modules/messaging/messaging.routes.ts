import { Hono } from "hono";
import { uuidSchema } from "@/lib/contract/common";
import { createConversationBodySchema, messagePageQuerySchema, sendMessageBodySchema } from "@/lib/contract/messaging";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sendPage } from "../../http/cursor";
import { jsonWithETag, PERSONAL_CACHE_CONTROL, withFingerprint } from "../../http/etag";
import { readBody, readParam, readQuery } from "../../http/validate";
import {
  CONVERSATION_NOT_FOUND,
  listContacts,
  listConversations,
  listMessages,
  markConversationRead,
  messagesFingerprint,
  openConversation,
  readerOf,
  sendMessage,
  unreadCount,
} from "./messaging.service";
import { withReadSlot } from "./rate-limit";

const conversationId = (c: Parameters<typeof readParam>[0]) => readParam(c, "id", uuidSchema, CONVERSATION_NOT_FOUND);

export const messagingRoutes = new Hono<AppEnv>()
  .use("/messaging/*", requireRole("any"))
  .get("/messaging/conversations", async (c) =>
    jsonWithETag(c, await listConversations(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  )
  .get("/messaging/conversations/unread-count", async (c) => {
    c.header("Cache-Control", PERSONAL_CACHE_CONTROL);
    return c.json({ unreadCount: await unreadCount(c.var.db, c.var.tenant.id, requireAuth(c).userId) });
  })
  .post("/messaging/conversations", async (c) => {
    const body = await readBody(c, createConversationBodySchema);
    const result = await openConversation(c.var.db, c.var.tenant.id, requireAuth(c).userId, body.partnerId);
    return c.json({ id: result.id }, result.isNew ? 201 : 200);
  })
  .post("/messaging/conversations/:id/read", async (c) => {
    await markConversationRead(c.var.db, c.var.tenant.id, conversationId(c), requireAuth(c).userId);
    return c.body(null, 204);
  })
  .get("/messaging/contacts", async (c) => {
    c.header("Cache-Control", PERSONAL_CACHE_CONTROL);
    return c.json(await listContacts(c.var.db, c.var.tenant.id, requireAuth(c).userId));
  })
  // The spec's list, oldest first, a page at a time (X-Next-Cursor: the page just older). The ETag comes from a
  // fingerprint read by primary keys; a 304 never reads the messages.
  .get("/messaging/conversations/:id/messages", async (c) => {
    const id = conversationId(c);
    const reader = readerOf(requireAuth(c));
    const query = readQuery(c, messagePageQuerySchema);
    const fingerprint = await messagesFingerprint(c.var.db, c.var.tenant.id, id, reader, query);
    const readSlot = `${c.var.tenant.id}:${requireAuth(c).userId}`;
    return withFingerprint(c, fingerprint, () =>
      withReadSlot(readSlot, async () => sendPage(c, await listMessages(c.var.db, c.var.tenant.id, id, reader, query))),
    );
  })
  .post("/messaging/conversations/:id/messages", async (c) => {
    const id = conversationId(c);
    const body = await readBody(c, sendMessageBodySchema);
    return c.json(await sendMessage(c.var.db, c.var.tenant, id, requireAuth(c), body.body), 201);
  });
