import { Hono } from "hono";
import { paymentSettingsBodySchema } from "@/lib/contract/payment-settings";
import { requireAuth, requireRole } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { readBody } from "../../http/validate";
import { disablePaymentSettings, getPaymentSettings, savePaymentSettings } from "./payment-settings.service";

const admin = requireRole("administrator");

// The office's card payments (issue 31 §4): the school's Stripe keys, checked against Stripe before they are saved.
export const paymentSettingsRoutes = new Hono<AppEnv>()
  .get("/administrator/payment-settings", admin, async (c) => c.json(await getPaymentSettings(c.var.db, c.var.tenant)))
  .put("/administrator/payment-settings", admin, async (c) => {
    const body = await readBody(c, paymentSettingsBodySchema);
    return c.json(await savePaymentSettings(c.var.db, c.var.tenant, requireAuth(c), body));
  })
  .delete("/administrator/payment-settings", admin, async (c) => c.json(await disablePaymentSettings(c.var.db, c.var.tenant, requireAuth(c))));
