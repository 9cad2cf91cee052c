// Spanish identity numbers: DNI (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter).
// The control letter is the number modulo 23 looked up in this table (Ministerio del Interior's algorithm);
// for an NIE the leading X, Y or Z stands for 0, 1 or 2.
const CONTROL_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const NIE_PREFIX: Record<string, string> = { X: "0", Y: "1", Z: "2" };
const DNI_PATTERN = /^(\d{8})([A-Z])$/;
const NIE_PATTERN = /^([XYZ])(\d{7})([A-Z])$/;

/** Upper-cases and drops spaces, dots and hyphens ('12.345.678-z' → '12345678Z'). */
export function normalizeDniNie(value: string): string {
  return value.replace(/[\s.\-]/g, "").toUpperCase();
}

export function controlLetter(digits: string): string {
  return CONTROL_LETTERS[Number(digits) % 23]!;
}

/** True for a DNI or NIE whose control letter matches; accepts the forms normalizeDniNie accepts. */
export function isValidDniNie(value: string): boolean {
  if (typeof value !== "string") return false;
  const id = normalizeDniNie(value);
  const dni = DNI_PATTERN.exec(id);
  if (dni) return controlLetter(dni[1]!) === dni[2];
  const nie = NIE_PATTERN.exec(id);
  if (nie) return controlLetter(NIE_PREFIX[nie[1]!]! + nie[2]!) === nie[3];
  return false;
}
