import { Bus, Car, IdCard, Motorbike, Truck } from "lucide-react";
import { licenseIconFor } from "./license-icon";

describe("licenseIconFor", () => {
  it.each([
    ["b", Car],
    ["B", Car],
    ["rec-b", Car],
    ["a", Motorbike],
    ["a1", Motorbike],
    ["a2", Motorbike],
    ["am", Motorbike],
    ["c", Truck],
    ["c-e", Truck],
    ["rec-c", Truck],
    ["d", Bus],
    ["rec-d", Bus],
    ["unknown", IdCard],
  ])("%s", (code, icon) => {
    expect(licenseIconFor(code)).toBe(icon);
  });
});
