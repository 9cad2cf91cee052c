import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { instructorLicenses } from "../db/schema/backoffice";
import { instructorAssignments } from "../db/schema/reservations";
import type { CoreSeed } from "./core";

// Instructors teach the licences they already have students for (derived from the seeded assignments).
export async function seedBackoffice(db: Db, core: CoreSeed, _now: Date): Promise<void> {
  const tenantIds = [core.demo.tenantId, core.norte.tenantId];
  const rows = await db
    .selectDistinct({ tenantId: instructorAssignments.tenantId, instructorId: instructorAssignments.instructorId, licenseId: instructorAssignments.licenseId })
    .from(instructorAssignments)
    .where(inArray(instructorAssignments.tenantId, tenantIds));
  if (rows.length > 0) await db.insert(instructorLicenses).values(rows).onConflictDoNothing();
}
