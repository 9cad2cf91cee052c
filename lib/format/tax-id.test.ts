import { compactTaxId, isValidTaxId } from "./tax-id";

describe("Spanish tax ids", () => {
  it.each([
    ["12345678Z", true], // DNI
    ["12345678A", false],
    ["X1234567L", true], // NIE
    ["X1234567A", false],
    ["B12345674", true], // CIF of a limited company: control digit
    ["B12345675", false],
    ["Q2826000H", true], // public body: control letter
    ["Q28260008", false],
    ["B1234567", false],
    ["", false],
  ])("%s is valid: %s", (id, valid) => {
    expect(isValidTaxId(id)).toBe(valid);
  });

  it("reads ids typed with spaces, dots, dashes and lower case", () => {
    expect(compactTaxId(" b-12.345.674 ")).toBe("B12345674");
  });
});
