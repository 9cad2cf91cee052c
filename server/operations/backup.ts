import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentItems } from "../db/schema/content";
import { copyFiles } from "../storage/copy-files";
import { localStorage } from "../storage/local-storage";
import type { FileStorage } from "../storage/storage";

// Backups: the database (PostgreSQL: pg_dump's custom format; embedded PGlite: its data folder as a tarball) and every
// content file (from the folder or the bucket), in one folder named by the date, with a manifest of sizes and SHA-256
// hashes. A restore checks the manifest before it touches anything. See docs/operations.md "Back up and restore".

export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: { kind: "postgres" | "pglite"; file: string; size: number; sha256: string; migrations: number };
  content: { files: { key: string; size: number; sha256: string }[] };
};

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

export class BackupError extends Error {}

function sha256File(file: string): Promise<{ size: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    let size = 0;
    fs.createReadStream(file)
      .on("data", (chunk) => {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      })
      .on("end", () => resolve({ size, sha256: hash.digest("hex") }))
      .on("error", reject);
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => reject(new BackupError(`${command} could not start: ${error.message} (install the PostgreSQL client tools)`)));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code}): ${stderr.trim().split("\n").slice(-3).join(" | ")}`))));
  });
}

/** The backup folder's name: volante-2026-11-27T09-30-05Z. */
export function backupName(now = new Date()): string {
  return `volante-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
}

async function migrationsApplied(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}

/**
 * Writes a backup into `<parentDir>/<backupName()>`. `db` is the open database (to list the content files and count
 * migrations); for PGlite the folder is read through a second, read-only look at the same files, so the app must not be
 * writing (stop it, or back up PostgreSQL while it runs: pg_dump takes a consistent snapshot).
 */
export async function createBackup(options: {
  db: Db;
  database: DatabaseTarget;
  storage: FileStorage;
  parentDir: string;
  now?: Date;
  pgliteClient?: PGlite; // the open PGlite instance (tests, or a maintenance process that holds it)
}): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = path.join(options.parentDir, backupName(options.now));
  if (fs.existsSync(dir)) throw new BackupError(`${dir} already exists`);
  fs.mkdirSync(dir, { recursive: true });
  try {
    const migrations = await migrationsApplied(options.db);
    let file: string;
    if (options.database.kind === "postgres") {
      file = "database.dump";
      await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(dir, file)}`, `--dbname=${options.database.url}`]);
    } else {
      file = "database.pglite.tar.gz";
      const client = options.pgliteClient ?? (await PGlite.create(options.database.dir, { extensions: { btree_gist } }));
      try {
        const dump = await client.dumpDataDir("gzip");
        fs.writeFileSync(path.join(dir, file), Buffer.from(await dump.arrayBuffer()));
      } finally {
        if (!options.pgliteClient) await client.close();
      }
    }
    const dbFile = await sha256File(path.join(dir, file));
    const keys = (await options.db.select({ key: contentItems.storageKey }).from(contentItems).where(isNotNull(contentItems.storageKey))).map((r) => r.key!);
    const outcomes = await copyFiles(options.storage, localStorage(path.join(dir, "content")), keys);
    const bad = outcomes.filter((o) => o.status === "missing-source" || o.status === "mismatch");
    if (bad.length > 0) throw new BackupError(`content files missing or unreadable: ${bad.map((o) => o.key).join(", ")}`);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: { kind: options.database.kind, file, ...dbFile, migrations },
      content: { files: outcomes.map(({ key, size, sha256 }) => ({ key, size, sha256 })) },
    };
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest, null, 2));
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Reads a backup's manifest and checks every file in it against its size and hash; throws on the first difference. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifestFile = path.join(dir, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${dir} has no manifest.json: not a backup`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  const check = async (file: string, expected: { size: number; sha256: string }, what: string) => {
    if (!fs.existsSync(file)) throw new BackupError(`${what} is missing from the backup`);
    const actual = await sha256File(file);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) throw new BackupError(`${what} differs from the manifest (damaged backup)`);
  };
  await check(path.join(dir, manifest.database.file), manifest.database, "the database dump");
  for (const f of manifest.content.files) await check(path.join(dir, "content", f.key), f, `content file ${f.key}`);
  return manifest;
}

/**
 * Restores a backup: checks it whole first, then the database (PostgreSQL: into the existing, empty or to-be-replaced
 * database of `url`, in one transaction; PGlite: into a folder that must not exist yet), then every content file into
 * `storage`, each read back and compared with the manifest's hash.
 */
export async function restoreBackup(options: { dir: string; database: DatabaseTarget; storage: FileStorage }): Promise<BackupManifest> {
  const manifest = await verifyBackup(options.dir);
  if (manifest.database.kind !== options.database.kind) {
    throw new BackupError(`this backup holds a ${manifest.database.kind} database; the target is ${options.database.kind}`);
  }
  const dumpFile = path.join(options.dir, manifest.database.file);
  if (options.database.kind === "postgres") {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${options.database.url}`, dumpFile]);
  } else {
    if (fs.existsSync(options.database.dir) && fs.readdirSync(options.database.dir).length > 0) {
      throw new BackupError(`${options.database.dir} is not empty: restore PGlite into a new folder`);
    }
    fs.mkdirSync(path.dirname(options.database.dir), { recursive: true });
    const client = await PGlite.create(options.database.dir, { extensions: { btree_gist }, loadDataDir: new Blob([fs.readFileSync(dumpFile)]) });
    await client.close();
  }
  const outcomes = await copyFiles(
    localStorage(path.join(options.dir, "content")),
    options.storage,
    manifest.content.files.map((f) => f.key),
  );
  const expected = new Map(manifest.content.files.map((f) => [f.key, f.sha256]));
  const wrong = outcomes.filter((o) => o.sha256 !== expected.get(o.key) || o.status === "mismatch" || o.status === "missing-source");
  if (wrong.length > 0) throw new BackupError(`content files not restored intact: ${wrong.map((o) => o.key).join(", ")}`);
  return manifest;
}
