import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadFaceEngine } from "../../biometrics/face-engine";
import { MIGRATIONS_DIR, type Db } from "../../db/client";
import { safeErrorSummary } from "../../db/pg-errors";
import { getLogger, redactSecrets } from "../../logger";

export type Readiness = { ready: boolean; checks: { database: boolean; migrations: boolean; faceModel: boolean } };

function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count ?? 0);
}

// Each check answers a yes or no: the reasons stay in the server's log, never in the public answer.
async function check(name: string, run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch (error) {
    const { code, message } = safeErrorSummary(error);
    getLogger().error({ check: name, code, reason: redactSecrets(message) }, "readiness check failed");
    return false;
  }
}

export async function readiness(resolveDb: () => Promise<Db>): Promise<Readiness> {
  const database = await check("database", async () => {
    await (await resolveDb()).execute(sql`select 1`);
    return true;
  });
  const migrations = database && (await check("migrations", async () => (await appliedMigrations(await resolveDb())) >= expectedMigrations()));
  const faceModel = await check("face model", async () => {
    await loadFaceEngine();
    return true;
  });
  return { ready: database && migrations && faceModel, checks: { database, migrations, faceModel } };
}
