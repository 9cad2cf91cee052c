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

export async function openDatabase(options: { url?: string; pgliteDir?: string } = {}): Promise<DatabaseHandle> {
  const url = options.url ?? serverEnv.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db, close: () => pool.end(), kind: "postgres" };
  }
  const dir = options.pgliteDir ?? serverEnv.PGLITE_DIR;
  if (dir !== "memory://") fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir === "memory://" ? undefined : dir, { extensions: { btree_gist } });
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

