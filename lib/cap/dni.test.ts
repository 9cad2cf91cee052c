import { controlLetter, isValidDniNie, normalizeDniNie } from "./dni";

describe("isValidDniNie", () => {
  it.each(["12345678Z", "00000000T", "99999999R", "11111111H", "33333333P"])("accepts the DNI %s", (dni) => {
    expect(isValidDniNie(dni)).toBe(true);
  });

  it("accepts NIEs, whose X/Y/Z stand for 0/1/2", () => {
    expect(isValidDniNie("X1234567L")).toBe(true); // 01234567 % 23 = 19 → L
    expect(isValidDniNie("Y1234567X")).toBe(true); // 11234567 % 23 = 10 → X
    expect(isValidDniNie("Z1234567R")).toBe(true); // 21234567 % 23 = 1 → R
  });

  it("refuses a wrong control letter", () => {
    expect(isValidDniNie("12345678A")).toBe(false);
    expect(isValidDniNie("X1234567T")).toBe(false);
  });

  it("refuses malformed values", () => {
    for (const value of ["", "1234567Z", "123456789Z", "ABCDEFGHZ", "W1234567L", "X12345678L", "12345678"]) {
      expect(isValidDniNie(value)).toBe(false);
    }
  });

  it("accepts lower case, spaces, dots and hyphens", () => {
    expect(isValidDniNie(" 12.345.678-z ")).toBe(true);
    expect(normalizeDniNie(" 12.345.678-z ")).toBe("12345678Z");
  });

  it("uses the official table of 23 letters", () => {
    expect(Array.from({ length: 23 }, (_, i) => controlLetter(String(i))).join("")).toBe("TRWAGMYFPDXBNJZSQVHLCKE");
  });
});
