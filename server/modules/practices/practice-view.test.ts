import type { Practice } from "@/lib/contract/practices";
import { groupByMonth } from "./practice-view";

const at = (id: string, start: string) => ({ id, start }) as Practice;

describe("groupByMonth", () => {
  it("keys months by the school's calendar and keeps the rows' newest-first order", () => {
    const rows = [
      at("c", "2025-04-01T00:10:00Z"), // 02:10 on 1 April in Madrid (summer time)
      at("b", "2025-03-31T21:59:00Z"), // 23:59 on 31 March
      at("a", "2025-01-31T23:30:00Z"), // 00:30 on 1 February (winter time)
    ];
    const history = groupByMonth(rows, "Europe/Madrid");
    expect(Object.keys(history)).toEqual(["2025-04", "2025-03", "2025-02"]);
    expect(history["2025-03"]!.map((p) => p.id)).toEqual(["b"]);
    expect(Object.keys(groupByMonth(rows, "UTC"))).toEqual(["2025-04", "2025-03", "2025-01"]);
  });
});
