import sharp from "sharp";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { addTenant, changeTenant, setSectionAuthorization, setTenantActive } from "./tenant-admin.service";

const square = (color: string) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: color } }).jpeg().toBuffer();

describe("schools managed without code (npm run tenant)", () => {
  let ctx: ApiContext;
  const slug = `cli-${Date.now().toString(36)}`;
  const host = `${slug}.example.test`;
  beforeAll(async () => {
    ctx = await createApiContext();
  });
  afterAll(() => ctx.close());

  it("adds a school whose host serves its name, icons and manifest", async () => {
    await addTenant(ctx.db, { slug, name: "Autoescuela Prueba", hosts: [host], icon: await square("#336699"), balanceMode: "money" });
    const info = await ctx.call("/info", { host });
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ name: "Autoescuela Prueba", icons: { webAppIcon512: "/api/tenant-assets/icon-512.png" } });
    const icon = await ctx.app.request("/api/tenant-assets/icon-512.png", { headers: { "x-tenant-host": host } });
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await icon.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    const manifest = await ctx.call("/manifest", { host });
    expect(manifest.json.name).toBe("Autoescuela Prueba");
  });

  it("serves a school's assets only on its own hosts", async () => {
    const otherAsset = await ctx.app.request("/api/tenant-assets/icon-512.png", { headers: { "x-tenant-host": "unknown.example.test" } });
    expect(otherAsset.status).toBe(404);
  });

  it("refuses a taken slug or host, and a file that is not an image, changing nothing", async () => {
    await expect(addTenant(ctx.db, { slug, name: "Otra", hosts: ["x.example.test"], icon: await square("#000000") })).rejects.toThrow(/taken/);
    await expect(addTenant(ctx.db, { slug: `${slug}-b`, name: "Otra", hosts: [host], icon: await square("#000000") })).rejects.toThrow(/already belongs/);
    await expect(changeTenant(ctx.db, slug, { icon: Buffer.from("MZ not an image") })).rejects.toThrow();
    expect((await ctx.call("/info", { host })).json.icons.favicon32).toBe("/api/tenant-assets/favicon-32.png");
  });

  it("sets a section's CAP authorization number", async () => {
    const section = await setSectionAuthorization(ctx.db, slug, "Sede central", "CAP-0042");
    expect(section).toMatchObject({ name: "Sede central", authorizationNumber: "CAP-0042" });
    const again = await setSectionAuthorization(ctx.db, slug, "Sede central", "CAP-0043");
    expect(again?.id).toBe(section?.id);
  });

  it("disables a school: its host answers as unknown until it is enabled again", async () => {
    await setTenantActive(ctx.db, slug, false);
    expect((await ctx.call("/info", { host })).json).toMatchObject({ error: "TENANT_NOT_FOUND" });
    await setTenantActive(ctx.db, slug, true);
    expect((await ctx.call("/info", { host })).status).toBe(200);
  });
});
