import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { auditLog, tenants } from "@/server/db/schema/core";
import { tenantAssets } from "@/server/db/schema/operations";
import { paymentSettings } from "@/server/db/schema/shop";
import { loadKey } from "@/server/biometrics/crypto";
import { openSecret } from "@/server/modules/shop/payment-secrets";
import { tenantSettings } from "@/server/db/schema/reservations";

// `npm run tenant` as an operator runs it: the script in its own process, on a database of its own (a fresh PGlite
// folder; on the PostgreSQL pass, a fresh PostgreSQL database), checked by its output and by reading the database.

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_cli51SecretNeverPrinted",
  STRIPE_PUBLISHABLE_KEY: "pk_test_cli51Publishable",
  STRIPE_WEBHOOK_SECRET: "whsec_cliNeverPrinted",
};
const HOST = "sur.example.test";

let dir: string;
let url: string | undefined;
let env: NodeJS.ProcessEnv;
const printed: string[] = [];

type Run = { code: number | null; stdout: string; stderr: string };

function tenantCli(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/tenant.ts", ...args], { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      printed.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
  });
}

async function withDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase(url ? { url } : { pgliteDir: path.join(dir, "pglite") });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

async function school(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, "sur"));
  return row!;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "volante-tenant-cli-"));
  await sharp({ create: { width: 600, height: 600, channels: 3, background: "#1d4ed8" } }).png().toFile(path.join(dir, "icon.png"));
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `volante_tenant_cli_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(process.env.DATABASE_URL);
    target.pathname = `/${name}`;
    url = target.toString();
  }
  env = { ...process.env, DATA_DIR: dir, PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: url ?? "" };
  for (const name of [...Object.keys(KEYS), "STRIPE_ACCOUNT"]) delete env[name];
}, 60_000);

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (url) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

describe("npm run tenant (scripts/tenant.ts, run as a child process)", () => {
  it("adds a school with its icons, time zone, balance mode and Stripe keys, printing no key", async () => {
    const add = await tenantCli(
      ["add", "--slug", "sur", "--name", "Autoescuela Sur", "--host", HOST, "--icon", path.join(dir, "icon.png"), "--time-zone", "Atlantic/Canary", "--balance-mode", "money", "--stripe"],
      KEYS,
    );
    expect(add).toMatchObject({ code: 0, stderr: "" });
    expect(add.stdout.trim()).toBe(`added sur (${HOST}); Stripe keys stored (test mode): card top-up is on`);
  }, 180_000);

  it("updates the name and hosts; a wrong Stripe key is refused, named by its variable, and changes nothing", async () => {
    const update = await tenantCli(["update", "--slug", "sur", "--name", "Autoescuela del Sur", "--host", HOST, "--host", `www.${HOST}`]);
    expect(update).toMatchObject({ code: 0, stdout: "updated sur\n" });

    // The secret key slot holds a publishable key: the whole update (name included) is refused.
    const wrong = await tenantCli(["update", "--slug", "sur", "--name", "Otro nombre", "--stripe"], { ...KEYS, STRIPE_SECRET_KEY: "pk_live_misplacedValue" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("STRIPE_SECRET_KEY must be set and start with sk_");
    expect(wrong.stderr).not.toContain("misplacedValue");

    const list = await tenantCli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n")).toContain(`sur\tactive\tAutoescuela del Sur\t${HOST},www.${HOST}\tAtlantic/Canary\tcard top-up on`);

    await withDatabase(async (db) => {
      const row = await school(db);
      expect(row).toMatchObject({ name: "Autoescuela del Sur", domains: [HOST, `www.${HOST}`], timeZone: "Atlantic/Canary", isActive: true });
      // Stored sealed with the CLI's at-rest key (generated under its DATA_DIR): no secret in clear in the row.
      const [keys] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, row.id));
      expect(JSON.stringify(keys)).not.toMatch(/sk_|whsec_/);
      const cliKey = loadKey({ dataDir: dir });
      expect({
        secretKey: openSecret(keys!.secretKey, row.id, "secret_key", cliKey),
        publishableKey: keys!.publishableKey,
        webhookSecret: openSecret(keys!.webhookSecret, row.id, "webhook_secret", cliKey),
        stripeAccount: keys!.stripeAccount,
      }).toEqual({ secretKey: KEYS.STRIPE_SECRET_KEY, publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY, webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET, stripeAccount: null });
      const settings = await db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, row.id));
      expect(settings.map((s) => [s.key, s.value])).toContainEqual(["balance_mode", "money"]);
      const assets = (await db.select({ name: tenantAssets.name }).from(tenantAssets).where(eq(tenantAssets.tenantId, row.id))).map((a) => a.name);
      expect(assets).toEqual(expect.arrayContaining(["icon-192.png", "icon-512.png", "favicon-32.png", "apple-touch-icon.png"]));
      // The new school is served on its host.
      const info = await createApp({ db: async () => db }).request("/api/info", { headers: { "x-tenant-host": `www.${HOST}` } });
      expect(await info.json()).toMatchObject({ name: "Autoescuela del Sur" });
    });
  }, 240_000);

  it("gives the school its first administrator, who sets a password with the printed link and signs in", async () => {
    const args = ["admin", "--slug", "sur", "--username", "direccion", "--dni", "12345678Z", "--first-name", "Rosa", "--surname", "Campos"];
    const admin = await tenantCli(args);
    expect(admin.code).toBe(0);
    const [added, linkLine] = admin.stdout.trim().split("\n");
    expect(added).toBe("added administrator direccion (Rosa Campos) to sur");
    const link = /^set-password link, valid until (\S+): https:\/\/sur\.example\.test\/establecer-contrasena#(\S+)$/.exec(linkLine ?? "");
    expect(link).not.toBeNull();
    expect(Date.parse(link![1]!) - Date.now()).toBeGreaterThan(71 * 3600_000);

    // The same person again: refused with the office's words, nothing written.
    expect(await tenantCli(args)).toMatchObject({ code: 1, stderr: "Ya existe un usuario con ese nombre de usuario en la autoescuela\n" });
    // A DNI whose letter is wrong: refused by the contract's own rule.
    const wrongDni = await tenantCli(["admin", "--slug", "sur", "--username", "otra", "--dni", "12345678A", "--first-name", "Eva", "--surname", "Ruiz"]);
    expect(wrongDni.code).toBe(1);
    expect(wrongDni.stderr).toContain("El DNI/NIE no es válido");
    // Who the person is cannot be left out.
    expect(await tenantCli(["admin", "--slug", "sur", "--username", "otra"])).toMatchObject({
      code: 1,
      stderr: "--username, --dni, --first-name and --surname are required\n",
    });

    await withDatabase(async (db) => {
      const app = createApp({ db: async () => db });
      const post = (path: string, body: unknown) =>
        app.request(`/api${path}`, { method: "POST", headers: { "x-tenant-host": HOST, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect((await post("/login", { username: "direccion", password: "clave-segura-1" })).status).toBe(401);
      expect((await post("/auth/set-password", { token: link![2], password: "clave-segura-1" })).status).toBe(200);
      const login = await post("/login", { username: "direccion", password: "clave-segura-1" });
      expect(login.status).toBe(200);
      expect((await login.json()).token).toEqual(expect.any(String));
      // The link works once.
      expect((await post("/auth/set-password", { token: link![2], password: "otra-clave-2" })).status).toBe(400);
      // The school's activity log shows who made the user: nobody of the school (the office's log names it 'Sistema').
      const created = await db.select().from(auditLog).where(and(eq(auditLog.tenantId, (await school(db)).id), eq(auditLog.action, "user.created")));
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ actorId: null, actingAsId: null, details: expect.objectContaining({ access: "link" }) });
    });
  }, 240_000);

  it("removes the Stripe keys and disables the school: its hosts answer as unknown", async () => {
    expect(await tenantCli(["update", "--slug", "sur", "--remove-stripe"])).toMatchObject({
      code: 0,
      stdout: "updated sur; Stripe keys removed: card top-up is off\n",
    });
    expect(await tenantCli(["disable", "--slug", "sur"])).toMatchObject({ code: 0, stdout: "disabled sur\n" });
    const list = await tenantCli(["list"]);
    expect(list.stdout.split("\n")).toContain(`sur\tdisabled\tAutoescuela del Sur\t${HOST},www.${HOST}\tAtlantic/Canary\tcard top-up off`);

    await withDatabase(async (db) => {
      const row = await school(db);
      expect(row.isActive).toBe(false);
      expect(await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, row.id))).toEqual([]);
      const info = await createApp({ db: async () => db }).request("/api/info", { headers: { "x-tenant-host": HOST } });
      expect(await info.json()).toMatchObject({ error: "TENANT_NOT_FOUND" });
    });
  }, 240_000);

  it("never printed a key", () => {
    expect(printed.length).toBeGreaterThan(0);
    for (const value of Object.values(KEYS)) expect(printed.join("\n")).not.toContain(value);
  });
});
