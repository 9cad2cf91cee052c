import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tenants } from "../db/schema/core";
import { seedCap } from "./cap";
import { seedCore } from "./core";
import { seedReservations } from "./reservations";
import { seedMessaging } from "./messaging";
import { seedShop } from "./shop";
import { seedPractices } from "./practices";
import { seedExams } from "./exams";
import { seedContent } from "./content";
import { seedBackoffice } from "./backoffice";

// Demo data for a new installation. Each domain adds its own step after the core one.
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(tenants)) as [{ count: number }];
  if (count > 0) return false;
  const core = await seedCore(db);
  await seedCap(db, core, now);
  await seedReservations(db, core, now);
  await seedMessaging(db, core, now);
  await seedShop(db, core, now);
  await seedPractices(db, core, now);
  await seedExams(db, core, now);
  await seedContent(db, core, now);
  await seedBackoffice(db, core, now);
  return true;
}
