import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { tenants } from "@/server/db/schema/core";
import { products } from "@/server/db/schema/shop";

const HOUR = 3600;

// The no-card top-up journey (tests/e2e/payments/office-top-up.spec.ts): Autoescuela Sur, which takes payments at its
// desk only, sells two hour packs there. The demo data gives it none (what the office sells is not the demo's point).
export async function seedDeskSales(db: Db): Promise<void> {
  const [sur] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, "sur"));
  if (!sur) return;
  await db.insert(products).values([
    { tenantId: sur.id, title: "Pack 1 hora", description: "1 hora de prácticas", priceCents: 3200, creditMode: "time", creditAmount: HOUR, position: 1 },
    { tenantId: sur.id, title: "Pack 10 horas", description: "10 horas de prácticas", priceCents: 30000, creditMode: "time", creditAmount: 10 * HOUR, position: 2 },
  ]);
}
