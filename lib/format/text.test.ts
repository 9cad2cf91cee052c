import { matchesSearch, sortByName } from "./text";

describe("Spanish names", () => {
  it("sorts with Spanish collation: accents and ñ in their place", () => {
    const names = ["Zoe", "Íñigo", "Nuria", "Ñeco", "Álvaro", "Oscar", "alba"];
    expect(sortByName(names, (n) => n)).toEqual(["alba", "Álvaro", "Íñigo", "Nuria", "Ñeco", "Oscar", "Zoe"]);
  });

  it("searches names and DNI ignoring case and accents", () => {
    // The same folding as the API's search (server/modules/cap/cap-sql.ts): ñ also matches n.
    expect(matchesSearch("inigo nunez", "Íñigo Núñez", "12345678Z")).toBe(true);
    expect(matchesSearch("iñigo", "Íñigo Núñez", "12345678Z")).toBe(true);
    expect(matchesSearch("ALVARO", "Álvaro Gil", "00000000T")).toBe(true);
    expect(matchesSearch("678z", "Álvaro Gil", "12345678Z")).toBe(true);
    expect(matchesSearch("  ", "Álvaro Gil", "12345678Z")).toBe(true);
    expect(matchesSearch("pérez", "Álvaro Gil", "12345678Z")).toBe(false);
  });
});
