import { Hono } from "hono";
import { z } from "zod";
import { changePasswordBodySchema, forgotPasswordBodySchema, loginBodySchema } from "@/lib/contract/auth";
import { DEVICE_TOKEN_HEADER } from "@/lib/session/device";
import { attributeTo } from "../../http/access-log";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody, readParam } from "../../http/validate";
import { changePassword, exitImpersonation, getProfile, logout, startImpersonation } from "./auth.service";
import { requestPasswordRecovery } from "./password-recovery";
import { login } from "./sign-in.service";

export const authRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const body = await readBody(c, loginBodySchema);
    // The device token proves itself (signed): unlike the address, it needs no trusted proxy.
    const { response, userId } = await login(c.var.db, c.var.tenant, body, { ip: c.var.clientIp, deviceToken: c.req.header(DEVICE_TOKEN_HEADER) ?? null });
    attributeTo(c, userId);
    return c.json(response);
  })
  // Public: the same 202 whether or not the account exists (password-recovery.ts).
  .post("/auth/forgot-password", async (c) => {
    const body = await readBody(c, forgotPasswordBodySchema);
    return c.json(await requestPasswordRecovery(c.var.db, c.var.tenant, body), 202);
  })
  .get("/me", requireRole("any"), async (c) => c.json(await getProfile(c.var.db, c.var.tenant, requireAuth(c))))
  .post("/auth/change-password", requireRole("any"), async (c) => {
    const body = await readBody(c, changePasswordBodySchema);
    // The BFF keeps the token (a new session version revokes the other sessions) and answers { success } only.
    const { token } = await changePassword(c.var.db, c.var.tenant, requireAuth(c), body);
    return c.json({ success: true, token });
  })
  .post("/auth/logout", requireRole("any"), async (c) => {
    await logout(c.var.db, c.var.tenant, requireAuth(c));
    return c.json({ success: true });
  })
  .post("/auth/impersonate/:userId", requireRole("administrator"), async (c) => {
    const userId = readParam(c, "userId", z.string().uuid(), "Usuario no encontrado");
    return c.json(await startImpersonation(c.var.db, c.var.tenant, requireAuth(c), userId));
  })
  .post("/auth/exit-impersonation", requireRole("any"), async (c) => {
    await exitImpersonation(c.var.db, c.var.tenant, requireAuth(c));
    return c.json({ success: true });
  });
