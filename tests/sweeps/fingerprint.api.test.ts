import { eq } from "drizzle-orm";
import { vehicles } from "@/server/db/schema/reservations";
import { createApiContext, type ApiContext } from "@/tests/fixtures/api";
import { changeDetector } from "./fingerprint";
import { buildWorld, type World } from "./world";

// The fuzzer's "a 4xx changed nothing" rests on this detector: it must see an update that keeps every row count.
describe("the sweeps' change detector", () => {
  let ctx: ApiContext;
  let w: World;
  beforeAll(async () => {
    ctx = await createApiContext();
    w = await buildWorld(ctx.db);
  }, 120_000);
  afterAll(() => ctx?.close());

  it("reports nothing for reads, and the table of an updated, inserted or deleted row", async () => {
    const changes = await changeDetector(ctx.db, w.tenantIds);
    await ctx.call("/administrator/vehicles", { host: w.a.tenant.host, token: w.roles.administrator.token });
    expect(await changes()).toEqual([]);

    await ctx.db.update(vehicles).set({ plate: "9999 ZZZ" }).where(eq(vehicles.tenantId, w.a.tenant.id));
    const updated = await changes();
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatch(/^vehicles: 1:\w+ → 1:\w+$/);

    const [extra] = await ctx.db.insert(vehicles).values({ tenantId: w.b.tenant.id, plate: "1111 AAA", licenseId: w.b.license.id }).returning();
    expect(await changes()).toEqual([expect.stringMatching(/^vehicles: 1:\w+ → 2:\w+$/)]);
    await ctx.db.delete(vehicles).where(eq(vehicles.id, extra!.id));
    expect(await changes()).toEqual([expect.stringMatching(/^vehicles: 2:\w+ → 1:\w+$/)]);
    expect(await changes()).toEqual([]);
  });
});
