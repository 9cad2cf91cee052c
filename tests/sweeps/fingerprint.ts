import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

// A cheap picture of the data the sweeps' tenants own, to prove a refused request changed nothing.
// Scoped to the given tenants so test files sharing one PostgreSQL database do not see each other.

// Rows a refused request may legitimately write: the login throttle counts failed sign-ins by design.
const IGNORED_TABLES = new Set(["auth_throttle"]);

type Table = { name: string; scope: "tenant_id" | "id" };

async function rows<T>(db: Db, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function tenantTables(db: Db): Promise<Table[]> {
  const list = await rows<{ table_name: string; has_tenant: boolean }>(
    db,
    sql.raw(`select table_name, bool_or(column_name = 'tenant_id') as has_tenant
      from information_schema.columns where table_schema = 'public' group by table_name order by table_name`),
  );
  const tables: Table[] = [];
  for (const t of list) {
    if (IGNORED_TABLES.has(t.table_name)) continue;
    if (t.has_tenant) tables.push({ name: t.table_name, scope: "tenant_id" });
    else if (t.table_name === "tenants") tables.push({ name: t.table_name, scope: "id" });
    // Other tables without tenant_id are not attributable to a tenant; none exist today besides the throttle.
  }
  return tables;
}

const uuid = /^[0-9a-f-]{36}$/i;

/** Builds a fingerprint function: one SQL statement, row counts (or row checksums) per table. */
export async function fingerprinter(db: Db, tenantIds: string[], mode: "counts" | "checksum" = "counts") {
  if (!tenantIds.every((id) => uuid.test(id))) throw new Error("tenant ids must be uuids");
  const ids = tenantIds.map((id) => `'${id}'`).join(",");
  const tables = await tenantTables(db);
  const parts = tables.map((t) => {
    const from = `from "${t.name}" x where x.${t.scope} in (${ids})`;
    const value = mode === "counts" ? `(select count(*) ${from})` : `(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') ${from})`;
    return `'${t.name}', ${value}`;
  });
  // json_build_object takes at most 100 arguments: chunk and merge.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40) chunks.push(`json_build_object(${parts.slice(i, i + 40).join(", ")})::jsonb`);
  const query = sql.raw(`select (${chunks.join(" || ")})::text as fp`);
  return async (): Promise<Record<string, string | number>> => {
    const [row] = await rows<{ fp: string }>(db, query);
    return JSON.parse(row!.fp);
  };
}

/** The tables whose value differs between two fingerprints (empty when nothing changed). */
export function diffFingerprints(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => String(before[k]) !== String(after[k])).map((k) => `${k}: ${before[k]} → ${after[k]}`);
}

/**
 * Which tables of the sweep's schools changed since the previous call (empty when none): any inserted, deleted or
 * updated row, since each table's value is its row count and an md5 of its rows' text. Fast path: the next
 * transaction id (pg_current_snapshot's xmax) only moves when some transaction wrote, so a request that wrote
 * nothing costs one trivial query; the checksums are computed only when it moved.
 */
export async function changeDetector(db: Db, tenantIds: string[]) {
  const checksum = await fingerprinter(db, tenantIds, "checksum");
  const xmax = async () => (await rows<{ x: string }>(db, sql.raw("select pg_snapshot_xmax(pg_current_snapshot())::text as x")))[0]!.x;
  let lastX = await xmax();
  let last = await checksum();
  return async (): Promise<string[]> => {
    const x = await xmax();
    if (x === lastX) return [];
    lastX = x;
    const now = await checksum();
    const changed = diffFingerprints(last, now);
    last = now;
    return changed;
  };
}
