import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { tenants } from "../schema/core";
import { seedCap } from "./cap";
import { seedCore } from "./core";
import { seedReservations } from "./reservations";

// Demo data for a new installation. Each domain adds its own step after the core one.
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(tenants)) as [{ count: number }];
  if (count > 0) return false;
  const core = await seedCore(db);
  await seedCap(db, core, now);
  await seedReservations(db, core, now);
  return true;
}
