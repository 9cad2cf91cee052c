import { Hono } from "hono";
import {
  deletePushSubscriptionBodySchema,
  markNotificationsReadBodySchema,
  notificationListQuerySchema,
  pushSubscriptionBodySchema,
  updateNotificationPreferencesBodySchema,
  updateOwnEmailBodySchema,
} from "@/lib/contract/notifications";
import { requireAuth, requireRole } from "../http/auth";
import type { AppEnv } from "../http/context";
import { sendPage } from "../http/cursor";
import { jsonWithETag, PERSONAL_CACHE_CONTROL } from "../http/etag";
import { readBody, readQuery } from "../http/validate";
import {
  getPreferences,
  listNotifications,
  markNotificationsRead,
  pushPublicKey,
  setOwnEmail,
  subscribePush,
  unreadNotifications,
  unsubscribePush,
  updatePreferences,
} from "./notifications.service";

// The in-app notifications, preferences, the user's own e-mail address and this device's push subscription (issue 29).
// Every route: signed in, any role, the caller's own data in the caller's school.
export const notificationRoutes = new Hono<AppEnv>()
  .use("/notifications", requireRole("any"))
  .use("/notifications/read", requireRole("any"))
  .use("/notifications/unread-count", requireRole("any"))
  .use("/notifications/preferences", requireRole("any"))
  .use("/notifications/push/*", requireRole("any"))
  .use("/me/email", requireRole("any"))
  .get("/notifications", async (c) => {
    c.header("Cache-Control", PERSONAL_CACHE_CONTROL);
    const query = readQuery(c, notificationListQuerySchema);
    return sendPage(c, await listNotifications(c.var.db, c.var.tenant.id, requireAuth(c).userId, query));
  })
  // Polled by the bell: the count by the unread index, and 304 while it has not changed.
  .get("/notifications/unread-count", async (c) =>
    jsonWithETag(c, { count: await unreadNotifications(c.var.db, c.var.tenant.id, requireAuth(c).userId) }),
  )
  .post("/notifications/read", async (c) => {
    const body = await readBody(c, markNotificationsReadBodySchema);
    return c.json({ count: await markNotificationsRead(c.var.db, c.var.tenant.id, requireAuth(c).userId, body) });
  })
  .get("/notifications/preferences", async (c) => {
    c.header("Cache-Control", PERSONAL_CACHE_CONTROL);
    return c.json(await getPreferences(c.var.db, c.var.tenant.id, requireAuth(c)));
  })
  .put("/notifications/preferences", async (c) => {
    const body = await readBody(c, updateNotificationPreferencesBodySchema);
    return c.json(await updatePreferences(c.var.db, c.var.tenant.id, requireAuth(c), body));
  })
  .get("/notifications/push/key", async (c) => c.json(await pushPublicKey()))
  .post("/notifications/push/subscriptions", async (c) => {
    const body = await readBody(c, pushSubscriptionBodySchema);
    return c.json(await subscribePush(c.var.db, c.var.tenant.id, requireAuth(c), body, c.req.header("user-agent") ?? null), 201);
  })
  .delete("/notifications/push/subscriptions", async (c) => {
    const body = await readBody(c, deletePushSubscriptionBodySchema);
    await unsubscribePush(c.var.db, c.var.tenant.id, requireAuth(c).userId, body);
    return c.body(null, 204);
  })
  .put("/me/email", async (c) => {
    const body = await readBody(c, updateOwnEmailBodySchema);
    return c.json(await setOwnEmail(c.var.db, c.var.tenant.id, requireAuth(c).userId, body.email));
  });
