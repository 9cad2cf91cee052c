import { Hono } from "hono";
import { unsubscribeQuerySchema } from "@/lib/contract/notification-unsubscribe";
import type { AppEnv } from "../http/context";
import { readQuery } from "../http/validate";
import { describeUnsubscribe, unsubscribe } from "./unsubscribe.service";

// Public: mail providers POST the List-Unsubscribe URL without any session (RFC 8058), and the '/baja' page may be
// opened signed out. The signed token is the credential. Never cached: the answer names what a token unsubscribes.
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get("/notifications/unsubscribe", async (c) => {
    const { token } = readQuery(c, unsubscribeQuerySchema);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    // A mail client without one-click support opens the header's URL in a browser: show the confirmation page
    // (which asks before it posts) instead of JSON. A GET never unsubscribes: link scanners fetch URLs.
    if ((c.req.header("accept") ?? "").includes("text/html")) return c.redirect(`/baja?token=${encodeURIComponent(token)}`, 303);
    return c.json(await describeUnsubscribe(c.var.db, c.var.tenant, token));
  })
  // The body (List-Unsubscribe=One-Click, form-encoded) is not needed: the POST itself is the request.
  .post("/notifications/unsubscribe", async (c) => {
    const { token } = readQuery(c, unsubscribeQuerySchema);
    c.header("Cache-Control", "no-store");
    return c.json(await unsubscribe(c.var.db, c.var.tenant, token));
  });
