// `npm run storage:copy -- --slug S [--all]`: copies a school's content files (or every school's) from the local folder
// (DATA_DIR/content) into the bucket of STORAGE_URL, and checks each copy's size and SHA-256. Re-runnable: files
// already in the bucket with the same hash are skipped. Nothing is removed from the folder; switch the app to the
// bucket (set STORAGE_URL on every replica) once it reports no problem. See docs/operations.md "Files in a bucket".
import { parseArgs } from "node:util";
import { and, eq, isNotNull } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { contentItems } from "../server/db/schema/content";
import { tenants } from "../server/db/schema/core";
import { copyFiles } from "../server/storage/copy-files";
import { contentRoot } from "../server/storage";
import { localStorage } from "../server/storage/local-storage";
import { parseStorageUrl, s3Storage } from "../server/storage/s3-storage";

const { values } = parseArgs({ options: { slug: { type: "string" }, all: { type: "boolean" } } });

async function main() {
  const location = parseStorageUrl(process.env.STORAGE_URL);
  if (!location) throw new Error("STORAGE_URL must name the bucket to copy into (s3://bucket[/prefix]?endpoint=…)");
  if (!values.slug && !values.all) throw new Error("usage: npm run storage:copy -- --slug S | --all");
  const { db, close } = await openDatabase();
  try {
    const schools = await db
      .select({ id: tenants.id, slug: tenants.slug })
      .from(tenants)
      .where(values.all ? undefined : eq(tenants.slug, values.slug!));
    if (schools.length === 0) throw new Error(`no school with slug ${values.slug}`);
    const from = localStorage(contentRoot());
    const to = s3Storage(location);
    let problems = 0;
    for (const school of schools) {
      const rows = await db
        .select({ key: contentItems.storageKey })
        .from(contentItems)
        .where(and(eq(contentItems.tenantId, school.id), isNotNull(contentItems.storageKey)));
      const outcomes = await copyFiles(
        from,
        to,
        rows.map((r) => r.key!),
        (o) => console.log(JSON.stringify({ school: school.slug, ...o })),
      );
      problems += outcomes.filter((o) => o.status === "missing-source" || o.status === "mismatch").length;
      console.log(JSON.stringify({ school: school.slug, files: outcomes.length, copied: outcomes.filter((o) => o.status === "copied").length }));
    }
    if (problems > 0) {
      console.error(`${problems} file(s) missing or different: do not switch to the bucket yet`);
      process.exitCode = 1;
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
