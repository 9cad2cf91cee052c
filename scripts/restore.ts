// `npm run restore -- <backup folder> --yes`: checks the backup against its manifest, then replaces the database of
// DATABASE_URL (which must exist; everything in it is replaced, in one transaction) or creates the PGlite folder
// PGLITE_DIR (which must not exist yet), and puts every content file back into the storage (STORAGE_URL or
// DATA_DIR/content), each checked by hash. Start the app afterwards: it applies any newer migration.
import { parseArgs } from "node:util";
import { serverEnv } from "../server/env";
import { restoreBackup } from "../server/operations/backup";
import { storageFromEnv } from "../server/storage";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { yes: { type: "boolean" } } });

async function main() {
  const dir = positionals[0];
  if (!dir) throw new Error("usage: npm run restore -- <backup folder> --yes");
  if (!values.yes) throw new Error("a restore replaces the database: add --yes to confirm");
  const database = serverEnv.DATABASE_URL ? { kind: "postgres" as const, url: serverEnv.DATABASE_URL } : { kind: "pglite" as const, dir: serverEnv.PGLITE_DIR };
  const manifest = await restoreBackup({ dir, database, storage: storageFromEnv() });
  console.log(JSON.stringify({ restored: dir, createdAt: manifest.createdAt, database: manifest.database.kind, files: manifest.content.files.length }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
