import pg from "pg";
import { openDatabase } from "./client";

const url = process.env.DATABASE_URL;
const onPostgres = url ? it : it.skip;

// Replicas of one tenant group start together against one PostgreSQL: migrations must apply exactly once.
describe("migrations under concurrent start", () => {
  onPostgres("four processes' worth of openDatabase on an empty database all succeed", async () => {
    const name = `volante_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const target = new URL(url!);
      target.pathname = `/${name}`;
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: target.toString() })));
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const { rows } = await check.query("select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash");
      await check.end();
      // Every migration recorded once, none twice.
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
