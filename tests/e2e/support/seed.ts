import { openDatabase } from "@/server/db/client";
import { seedDemo } from "@/server/db/seed";
import { seedDayJourney } from "./day-journey-seed";

// The e2e server's data (scripts/e2e-server.mjs): the demo data, then what journeys cannot make through the API.
async function main() {
  const handle = await openDatabase();
  const now = new Date();
  if (await seedDemo(handle.db, now)) await seedDayJourney(handle.db, now);
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
