import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { signToken } from "../lib/session/token";
import { openDatabase, type Db } from "../server/db/client";
import { tenants, users } from "../server/db/schema/core";

export type BenchUser = { id: string; token: string };

export type BenchSchool = {
  db: Db;
  tenantId: string;
  slug: string;
  /** The host to send as x-tenant-host. */
  host: string;
  /** Users of one role, numbered from `from` (usernames stay unique across calls with distinct ranges). */
  users(role: string, count: number, from: number): Promise<BenchUser[]>;
  user(role: string, n: number): Promise<BenchUser>;
};

/**
 * Runs a benchmark on PostgreSQL in a school of its own, which is deleted afterwards whatever happens (its rows go
 * with it by the tenant's cascade), so a bench never touches anyone else's data on a shared database.
 */
export async function withBenchSchool(url: string, label: string, run: (school: BenchSchool) => Promise<void>): Promise<void> {
  const handle = await openDatabase({ url });
  if (handle.kind !== "postgres") throw new Error(`The ${label} bench runs on PostgreSQL`);
  const db = handle.db;
  const slug = `${label}-bench-${crypto.randomBytes(4).toString("hex")}`;
  const host = `${slug}.bench`;
  const noIcons = { favicon96: "", favicon32: "", faviconIco: "", appleTouchIcon: "", webAppIcon192: "", webAppIcon512: "" };
  const [tenant] = await db.insert(tenants).values({ slug, name: "Autoescuela Bench", domains: [host], icons: noIcons }).returning();
  const tenantId = tenant!.id;
  const addUsers = async (role: string, count: number, from: number): Promise<BenchUser[]> => {
    const rows = await db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ tenantId, username: `${role.toLowerCase()}-${from + i}`, firstName: `${role} ${from + i}`, surname1: "Bench", roles: [role] })))
      .returning({ id: users.id, firstName: users.firstName });
    return Promise.all(
      rows.map(async (row) => ({ id: row.id, token: await signToken({ uuid: row.id, name: row.firstName, profileImage: null, roles: [role], tenant: slug }, 3600) })),
    );
  };
  try {
    await run({ db, tenantId, slug, host, users: addUsers, user: async (role, n) => (await addUsers(role, 1, n))[0]! });
  } finally {
    await db.delete(tenants).where(eq(tenants.id, tenantId));
    await handle.close();
  }
}
