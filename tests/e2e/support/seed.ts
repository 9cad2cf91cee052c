import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "@/server/db/client";
import { tenants } from "@/server/db/schema";
import { seedDemo } from "@/server/demo";
import { seedDayJourney } from "./day-journey-seed";
import { seedDeskSales } from "./desk-sales-seed";

// The e2e server's data (scripts/e2e-server.mjs): the demo data, then what journeys cannot make through the API.
async function main() {
  const handle = await openDatabase();
  const now = new Date();
  if (await seedDemo(handle.db, now)) {
    await seedDayJourney(handle.db, now);
    await seedDeskSales(handle.db);
  }
  // The schools' ids, which no API answers: journeys that sign what the server signs (an e-mail's unsubscribe token,
  // tests/e2e/notifications) read them here (tests/e2e/support/tenant-ids.ts).
  const rows = await handle.db.select({ id: tenants.id, slug: tenants.slug }).from(tenants);
  if (process.env.DATA_DIR) fs.writeFileSync(path.join(process.env.DATA_DIR, "tenant-ids.json"), JSON.stringify(Object.fromEntries(rows.map((r) => [r.slug, r.id]))));
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
