import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../db/schema";
import { serverEnv } from "../env";

// Both drivers expose the same query builder; services and repositories see one type.
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseHandle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres" };

export const MIGRATIONS_DIR = path.resolve(
  /*turbopackIgnore: true*/
  process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "server", "db", "migrations"),
);

// Any constant shared by every replica: the advisory lock that serialises migrations.
const MIGRATION_LOCK_KEY = 72_616_001;

// Replicas starting at once take turns: the first applies the migrations, the others wait and find nothing to do.
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/**
 * An in-memory PGlite can start from a template: a dump (`dumpDataDir`) of a database that already has every
 * migration applied. Tests use one per run (tests/fixtures/jest-global-setup.ts): starting from the dump skips
 * initdb and the migrations, the bulk of a test file's setup. Migrations still run after loading (a no-op when the
 * template is current).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create(undefined, { extensions: { btree_gist } });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  return dump;
}

export async function openDatabase(options: { url?: string; pgliteDir?: string; pgliteTemplate?: string } = {}): Promise<DatabaseHandle> {
  const url = options.url ?? serverEnv.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // An idle connection dropped by the server (restart, failover) must not take the process down with it.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL connection closed:", error.message));
    const db = drizzlePg(pool, { schema });
    await migrateExclusively(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    return { db, close: () => pool.end(), kind: "postgres" };
  }
  const dir = options.pgliteDir ?? serverEnv.PGLITE_DIR;
  if (dir !== "memory://") fs.mkdirSync(path.dirname(dir), { recursive: true });
  // turbopackIgnore: a test-only file named at run time; without it the build's tracer copies the whole project.
  const template = dir === "memory://" && options.pgliteTemplate ? new Blob([fs.readFileSync(/*turbopackIgnore: true*/ options.pgliteTemplate)]) : undefined;
  const client = await PGlite.create(dir === "memory://" ? undefined : dir, { extensions: { btree_gist }, ...(template ? { loadDataDir: template } : {}) });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, close: () => client.close(), kind: "pglite" };
}

// One database per process (PGlite allows a single open instance per directory).
const globalDb = globalThis as unknown as { __volanteDb?: Promise<DatabaseHandle> };

export function getDatabase(): Promise<DatabaseHandle> {
  globalDb.__volanteDb ??= openDatabase();
  return globalDb.__volanteDb;
}

export function setDatabase(handle: DatabaseHandle | null): void {
  globalDb.__volanteDb = handle ? Promise.resolve(handle) : undefined;
}

