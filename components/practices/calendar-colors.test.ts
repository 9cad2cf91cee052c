import { webLink } from "@/lib/contract/constants/calendar";
import { textColorFor, typeLabel } from "./calendar-colors";

describe("student calendar helpers", () => {
  it("labels the event types as the spec does", () => {
    expect(["reservation", "practice", "manual_practice", "session", "exam"].map(typeLabel)).toEqual(["Reserva", "Práctica", "Práctica", "Sesión", "Evento"]);
  });

  it("keeps text legible on light colours", () => {
    expect(textColorFor("#F59E0B")).toBe("#1c1917");
    expect(textColorFor("#0891b2")).toBe("#ffffff");
  });

  it("opens only web links", () => {
    expect(webLink("https://meet.example.org/x")).toBe("https://meet.example.org/x");
    expect(webLink("javascript:alert(1)")).toBeNull();
    expect(webLink("no es un enlace")).toBeNull();
    expect(webLink(null)).toBeNull();
  });
});
