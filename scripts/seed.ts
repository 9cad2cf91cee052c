import { openDatabase } from "../server/db/client";
import { seedDemo } from "../server/demo";

// `npm run db:seed`: demo data on an empty database. Refuses production unless SEED_IN_PRODUCTION=true.
async function main() {
  if (process.env.NODE_ENV === "production" && process.env.SEED_IN_PRODUCTION !== "true") {
    console.error("Refusing to seed demo data in production (set SEED_IN_PRODUCTION=true to force).");
    process.exit(1);
  }
  const handle = await openDatabase();
  const seeded = await seedDemo(handle.db);
  console.log(seeded ? `Demo data created (${handle.kind}).` : "Database already has data; seed skipped.");
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
