import { timeZoneName } from "./time-zone";

describe("a time zone named for people", () => {
  it.each([
    ["Europe/Madrid", "hora de Madrid"],
    ["Atlantic/Canary", "hora de Canarias"],
    ["Europe/Lisbon", "hora de Lisboa"],
    ["America/Argentina/Buenos_Aires", "hora de Buenos Aires"],
    ["America/Mexico_City", "hora de Mexico City"],
    ["UTC", "hora UTC"],
  ])("%s → %s", (zone, name) => {
    expect(timeZoneName(zone)).toBe(name);
  });

  it("never shows the IANA name with its slash", () => {
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(timeZoneName(zone)).not.toContain("/");
  });
});
