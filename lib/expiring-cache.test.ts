import { ExpiringCache } from "./expiring-cache";

describe("ExpiringCache", () => {
  it("answers an entry until it expires, then forgets it", () => {
    const cache = new ExpiringCache<string, number>(10);
    cache.set("a", 1, 1_000);
    expect(cache.get("a", 999)).toBe(1);
    expect(cache.get("a", 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the oldest entry when full, and a re-set entry counts as new", () => {
    const cache = new ExpiringCache<string, number>(2);
    cache.set("a", 1, 10);
    cache.set("b", 2, 10);
    cache.set("a", 3, 10);
    cache.set("c", 4, 10);
    expect([cache.get("a", 0), cache.get("b", 0), cache.get("c", 0)]).toEqual([3, undefined, 4]);
  });

  it("clears everything", () => {
    const cache = new ExpiringCache<string, number>(2);
    cache.set("a", 1, 10);
    cache.clear();
    expect(cache.get("a", 0)).toBeUndefined();
  });
});
