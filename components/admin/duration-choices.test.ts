import { parseIsoDuration } from "@/lib/booking/durations";
import { durationChoices } from "./duration-choices";

describe("durationChoices", () => {
  it("offers every quarter of an hour up to 12 hours, read as the app reads durations and sent as ISO 8601", () => {
    const choices = durationChoices("PT1H");
    expect(choices.slice(0, 6)).toEqual([
      { value: "PT15M", label: "15m" },
      { value: "PT30M", label: "30m" },
      { value: "PT45M", label: "45m" },
      { value: "PT1H", label: "1h" },
      { value: "PT1H15M", label: "1h 15m" },
      { value: "PT1H30M", label: "1h 30m" },
    ]);
    expect(choices.at(-1)).toEqual({ value: "PT12H", label: "12h" });
    expect(choices).toHaveLength(48);
    expect(choices.every((c) => !c.label.includes("PT"))).toBe(true);
  });

  it("keeps the stored spelling of the current value, so an untouched form sends no change", () => {
    const choices = durationChoices("PT60M");
    expect(choices.find((c) => c.label === "1h")).toEqual({ value: "PT60M", label: "1h" });
    expect(choices.filter((c) => parseIsoDuration(c.value) === 3600)).toHaveLength(1);
  });

  it("still offers a current value off the grid, in its place", () => {
    const choices = durationChoices("PT50M");
    const at = choices.findIndex((c) => c.value === "PT50M");
    expect(choices[at]).toEqual({ value: "PT50M", label: "50m" });
    expect(choices[at - 1]!.value).toBe("PT45M");
    expect(choices[at + 1]!.value).toBe("PT1H");
  });
});
