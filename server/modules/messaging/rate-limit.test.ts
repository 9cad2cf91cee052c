import { READS_IN_FLIGHT, withReadSlot } from "./rate-limit";

describe("message reads in flight per reader", () => {
  it("lets two pages be read at once, refuses a third with 429 at once, and frees the place when a read ends", async () => {
    const releases: (() => void)[] = [];
    const slow = () => withReadSlot("school:ana", () => new Promise<string>((resolve) => releases.push(() => resolve("leída"))));
    const first = slow();
    const second = slow();
    expect(READS_IN_FLIGHT).toBe(2);
    await expect(withReadSlot("school:ana", async () => "tercera")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", status: 429 });
    // Another reader is not limited by Ana's reads.
    await expect(withReadSlot("school:luis", async () => "de Luis")).resolves.toBe("de Luis");
    releases.shift()!();
    await expect(first).resolves.toBe("leída");
    await expect(withReadSlot("school:ana", async () => "ahora sí")).resolves.toBe("ahora sí");
    releases.shift()!();
    await expect(second).resolves.toBe("leída");
  });

  it("frees the place when a read fails", async () => {
    for (let i = 0; i < 3; i++) await expect(withReadSlot("school:eva", () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    await expect(withReadSlot("school:eva", async () => "bien")).resolves.toBe("bien");
  });
});
