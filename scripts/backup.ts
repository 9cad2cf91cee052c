// `npm run backup [-- --to DIR]`: the database (DATABASE_URL: pg_dump custom format; else the embedded PGlite folder,
// with the app stopped) and every content file (STORAGE_URL's bucket or DATA_DIR/content) into DIR/volante-<date>/,
// with a manifest of sizes and SHA-256 hashes (BACKUP_DIR, default ./backups). docs/operations.md "Back up and restore".
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { openDatabase, type Db } from "../server/db/client";
import { serverEnv } from "../server/env";
import { createBackup } from "../server/operations/backup";
import { storageFromEnv } from "../server/storage";

const { values } = parseArgs({ options: { to: { type: "string" } } });

async function main() {
  const parentDir = values.to ?? process.env.BACKUP_DIR ?? "backups";
  const storage = storageFromEnv();
  if (serverEnv.DATABASE_URL) {
    const { db, close } = await openDatabase();
    try {
      const { dir, manifest } = await createBackup({ db, database: { kind: "postgres", url: serverEnv.DATABASE_URL }, storage, parentDir });
      console.log(JSON.stringify({ backup: dir, database: manifest.database, files: manifest.content.files.length }));
    } finally {
      await close();
    }
    return;
  }
  // PGlite: one process per folder, so the app must be stopped; the folder is read as it is (no migration run).
  const client = await PGlite.create(serverEnv.PGLITE_DIR, { extensions: { btree_gist } });
  try {
    const db = drizzle(client) as unknown as Db;
    const { dir, manifest } = await createBackup({ db, database: { kind: "pglite", dir: serverEnv.PGLITE_DIR }, storage, parentDir, pgliteClient: client });
    console.log(JSON.stringify({ backup: dir, database: manifest.database, files: manifest.content.files.length }));
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
