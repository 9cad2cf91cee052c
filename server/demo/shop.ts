import { serverEnv } from "../env";
import { upsertPaymentKeys } from "../modules/shop/payment-settings.repository";
import type { Db } from "../db/client";
import { products } from "../db/schema/shop";
import type { CoreSeed } from "./core";

const HOUR = 3600;

// Products on sale in the demo schools: hour packs in the time-mode school, euro amounts in the money-mode one.
// Stripe keys only when the environment gives test keys (README, "Stripe test mode"); without them both schools
// run with card charging switched off. Autoescuela Sur never gets keys nor products: it sells at its desk.
export async function seedShop(db: Db, core: CoreSeed, _now: Date): Promise<void> {
  const demo = core.demo.tenantId;
  const norte = core.norte.tenantId;
  await db.insert(products).values([
    { tenantId: demo, title: "Pack 1 hora", description: "1 hora de prácticas", priceCents: 3500, creditMode: "time", creditAmount: HOUR, position: 1 },
    { tenantId: demo, title: "Pack 5 horas", description: "5 horas de prácticas", priceCents: 16500, creditMode: "time", creditAmount: 5 * HOUR, position: 2 },
    { tenantId: demo, title: "Pack 10 horas", description: "10 horas de prácticas", priceCents: 32000, creditMode: "time", creditAmount: 10 * HOUR, position: 3 },
    { tenantId: norte, title: "Recarga de 50 €", description: "50 € de saldo", priceCents: 5000, creditMode: "money", creditAmount: 5000, position: 1 },
    { tenantId: norte, title: "Recarga de 100 €", description: "100 € de saldo", priceCents: 10000, creditMode: "money", creditAmount: 10000, position: 2 },
    { tenantId: norte, title: "Recarga de 200 €", description: "210 € de saldo: 10 € de regalo", priceCents: 20000, creditMode: "money", creditAmount: 21000, position: 3 },
  ]);

  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_ACCOUNT } = serverEnv;
  if (STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY && STRIPE_WEBHOOK_SECRET) {
    const keys = {
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      stripeAccount: STRIPE_ACCOUNT ?? null,
    };
    // One test account for both demo schools: each school's webhook ignores the other's intents.
    await upsertPaymentKeys(db, demo, keys);
    await upsertPaymentKeys(db, norte, keys);
  }
}
