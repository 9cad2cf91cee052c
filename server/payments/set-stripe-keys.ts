import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { tenants } from "../db/schema/core";
import { deletePaymentKeys, upsertPaymentKeys } from "../modules/shop/payment-settings.repository";

// `npx tsx server/payments/set-stripe-keys.ts <school-slug>`: stores the school's Stripe keys, read from
// STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET (and optional STRIPE_ACCOUNT), never from the
// command line (shell history). `--remove` deletes them, which switches card top-up off. Keys are never printed.
async function main() {
  const [slug, flag] = process.argv.slice(2);
  if (!slug) throw new Error("usage: set-stripe-keys.ts <school-slug> [--remove]");
  const handle = await openDatabase();
  try {
    const [tenant] = await handle.db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
    if (!tenant) throw new Error(`no school with slug '${slug}'`);
    if (flag === "--remove") {
      await deletePaymentKeys(handle.db, tenant.id);
      console.log(`Stripe keys removed for ${slug}: card top-up is off.`);
      return;
    }
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_ACCOUNT } = process.env;
    if (!STRIPE_SECRET_KEY?.startsWith("sk_") || !STRIPE_PUBLISHABLE_KEY?.startsWith("pk_") || !STRIPE_WEBHOOK_SECRET?.startsWith("whsec_")) {
      throw new Error("set STRIPE_SECRET_KEY (sk_...), STRIPE_PUBLISHABLE_KEY (pk_...) and STRIPE_WEBHOOK_SECRET (whsec_...)");
    }
    await upsertPaymentKeys(handle.db, tenant.id, {
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      stripeAccount: STRIPE_ACCOUNT || null,
    });
    console.log(`Stripe keys stored for ${slug} (${STRIPE_SECRET_KEY.startsWith("sk_test_") ? "test" : "live"} mode): card top-up is on.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
