import { Hono } from "hono";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { getBalance, getBalanceHistory } from "./balance.service";

export const balanceRoutes = new Hono<AppEnv>()
  .get("/student/balance", requireRole("student"), async (c) =>
    c.json(await getBalance(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  )
  .get("/student/balance/history", requireRole("student"), async (c) =>
    c.json(await getBalanceHistory(c.var.db, c.var.tenant.id, requireAuth(c).userId)),
  );
