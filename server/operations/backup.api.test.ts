import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { eq } from "drizzle-orm";
import { createApp } from "@/server/app";
import { openDatabase, type Db } from "@/server/db/client";
import { balances, reservations } from "@/server/db/schema/reservations";
import { localStorage } from "@/server/storage/local-storage";
import { apiCaller } from "@/tests/fixtures/api";
import { createUser, tokenFor } from "@/tests/fixtures/factories";
import { addStudent, createBookingWorld, ledgerViolations, localSlot, type BookingWorld } from "@/tests/fixtures/reservation-factories";
import { createBackup, restoreBackup, verifyBackup } from "./backup";

// Backups proven by a restore (issue 32 §3): a school with bookings, balance movements and files is backed up, its
// database dropped and its files deleted, then restored; every balance equals its ledger, every file reads back with
// its hash, and the app serves the restored school.
jest.setTimeout(180_000);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "volante-backup-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const pdf = Buffer.from("%PDF-1.4\n" + "x".repeat(5000) + "\n%%EOF\n");
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(200_000, 9)]);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

type School = { w: BookingWorld; adminToken: string; students: { student: { id: string }; token: string }[]; fileIds: string[] };

// A school's life through the API: files uploaded, desk top-ups, bookings, a cancellation.
async function liveSchool(db: Db, contentDir: string): Promise<School & { call: ReturnType<typeof apiCaller> }> {
  process.env.DATA_DIR = contentDir;
  (globalThis as { __volanteStorage?: unknown }).__volanteStorage = localStorage(path.join(contentDir, "content"));
  const call = apiCaller(createApp({ db: async () => db }));
  const w = await createBookingWorld(db);
  const admin = await createUser(db, w.tenant, { roles: ["ROLE_ADMINISTRADOR"] });
  const adminToken = await tokenFor(admin, w.tenant);
  const host = w.tenant.host;
  const fileIds: string[] = [];
  for (const [bytes, type] of [[pdf, "document"], [mp4, "video"]] as const) {
    const res = await call(`/administrator/content/upload?${new URLSearchParams({ licenseId: w.license.id, type, name: `Material ${type}` })}`, {
      method: "POST",
      host,
      token: adminToken,
      rawBody: new Uint8Array(bytes),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(res.status).toBe(201);
    fileIds.push(res.json.id);
  }
  const students = await Promise.all([0, 1, 2].map(() => addStudent(db, w, 0)));
  for (const [i, s] of students.entries()) {
    const topUp = await call(`/administrator/balances/students/${s.student.id}/adjustments`, {
      method: "POST",
      host,
      token: adminToken,
      body: { operation: "top-up", amount: (5 + i) * 3600, reason: "Pago en oficina" },
    });
    expect(topUp.status).toBe(201);
    for (const day of [3, 4]) {
      const booked = await call("/student/reservations", {
        method: "POST",
        host,
        token: s.token,
        body: { instructorId: w.instructor.id, licenseId: w.license.id, slots: [localSlot(day, 9 + i)] },
      });
      expect(booked.status).toBe(201);
    }
  }
  const [first] = await db.select().from(reservations).where(eq(reservations.studentId, students[0]!.student.id));
  expect((await call(`/student/reservations/${first!.id}/cancel`, { method: "POST", host, token: students[0]!.token })).status).toBeLessThan(300);
  return { w, adminToken, students, fileIds, call };
}

async function snapshot(db: Db) {
  const b = await db.select({ studentId: balances.studentId, seconds: balances.seconds, cents: balances.cents }).from(balances).orderBy(balances.studentId);
  const r = await db.select({ id: reservations.id, status: reservations.status }).from(reservations).orderBy(reservations.id);
  return { balances: b, reservations: r };
}

async function checkServed(db: Db, school: School) {
  const call = apiCaller(createApp({ db: async () => db }));
  const s = school.students[1]!;
  const balance = await call("/student/balance", { host: school.w.tenant.host, token: s.token });
  expect(balance.status).toBe(200);
  expect(JSON.stringify(balance.json)).toContain(String(6 * 3600 - 2 * 3600));
  const res = await createApp({ db: async () => db }).request(`/api/student/content/${school.fileIds[1]}/file`, {
    headers: { "x-tenant-host": school.w.tenant.host, authorization: `Bearer ${school.students[0]!.token}` },
  });
  expect(res.status).toBe(200);
  expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(mp4));
}

const serverUrl = process.env.DATABASE_URL;
const describePg = serverUrl ? describe : describe.skip;

describePg("on PostgreSQL (pg_dump custom format)", () => {
  const name = `volante_backup_${process.pid}_${Date.now()}`;
  const dbUrl = serverUrl ? (() => {
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    return u.toString();
  })() : "";
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`drop database if exists "${name}" with (force)`));

  it("backs up, survives the loss of the database and the files, and restores the school whole", async () => {
    await admin(`create database "${name}"`);
    const contentDir = path.join(work, "pg-data");
    let handle = await openDatabase({ url: dbUrl });
    const school = await liveSchool(handle.db, contentDir);
    const before = await snapshot(handle.db);
    expect(before.reservations).toHaveLength(6);
    const { dir, manifest } = await createBackup({
      db: handle.db,
      database: { kind: "postgres", url: dbUrl },
      storage: localStorage(path.join(contentDir, "content")),
      parentDir: path.join(work, "backups"),
      now: new Date("2026-11-27T21:00:00Z"),
    });
    expect(path.basename(dir)).toBe("volante-2026-11-27T21-00-00Z");
    expect(manifest.content.files.map((f) => f.sha256).sort()).toEqual([sha(pdf), sha(mp4)].sort());
    await handle.close();

    // The disaster: the database and the files are gone.
    await admin(`drop database "${name}" with (force)`);
    fs.rmSync(contentDir, { recursive: true, force: true });
    await admin(`create database "${name}"`);

    await restoreBackup({ dir, database: { kind: "postgres", url: dbUrl }, storage: localStorage(path.join(contentDir, "content")) });
    handle = await openDatabase({ url: dbUrl });
    try {
      expect(await snapshot(handle.db)).toEqual(before);
      expect(await ledgerViolations(handle.db)).toEqual([]);
      await checkServed(handle.db, school);
    } finally {
      await handle.close();
    }
  });

  it("refuses a damaged backup before touching the database", async () => {
    const [dir] = fs.readdirSync(path.join(work, "backups")).map((d) => path.join(work, "backups", d));
    const copy = path.join(work, "damaged");
    fs.cpSync(dir!, copy, { recursive: true });
    const manifest = await verifyBackup(copy);
    const victim = path.join(copy, "content", manifest.content.files[0]!.key);
    fs.writeFileSync(victim, "not the file");
    await expect(restoreBackup({ dir: copy, database: { kind: "postgres", url: dbUrl }, storage: localStorage(path.join(work, "unused")) })).rejects.toThrow(
      /differs from the manifest/,
    );
    expect(fs.existsSync(path.join(work, "unused"))).toBe(false);
  });
});

// Once per run: the PostgreSQL pass has its own case above.
const describePglite = serverUrl ? describe.skip : describe;
describePglite("on embedded PGlite (its data folder)", () => {
  it("backs up a stopped school's folder and restores it into a new one", async () => {
    const dataDir = path.join(work, "pglite-data");
    const pgliteDir = path.join(dataDir, "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
    let handle = await openDatabase({ url: "", pgliteDir });
    const school = await liveSchool(handle.db, dataDir);
    const before = await snapshot(handle.db);
    await handle.close();

    const client = await PGlite.create(pgliteDir, { extensions: { btree_gist } });
    const { dir } = await createBackup({
      db: drizzle(client) as unknown as Db,
      database: { kind: "pglite", dir: pgliteDir },
      storage: localStorage(path.join(dataDir, "content")),
      parentDir: path.join(work, "pglite-backups"),
      pgliteClient: client,
    });
    await client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });

    await restoreBackup({ dir, database: { kind: "pglite", dir: pgliteDir }, storage: localStorage(path.join(dataDir, "content")) });
    await expect(restoreBackup({ dir, database: { kind: "pglite", dir: pgliteDir }, storage: localStorage(path.join(dataDir, "content")) })).rejects.toThrow(/not empty/);
    handle = await openDatabase({ url: "", pgliteDir });
    try {
      expect(await snapshot(handle.db)).toEqual(before);
      expect(await ledgerViolations(handle.db)).toEqual([]);
      await checkServed(handle.db, school);
    } finally {
      await handle.close();
    }
  });
});
