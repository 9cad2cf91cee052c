// Spanish tax ids (NIF): a DNI (8 digits + letter), a NIE (X/Y/Z + 7 digits + letter) or a company's CIF (letter + 7
// digits + control digit or letter), with their control characters checked. No zod here.

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_LETTERS = "JABCDEFGHI";

export const TAX_ID_INVALID_MESSAGE = "Escribe un NIF válido: DNI, NIE o CIF de la empresa (por ejemplo B12345674)";

export const compactTaxId = (value: string) => value.replace(/[\s.-]/g, "").toUpperCase();

function isPersonalId(id: string): boolean {
  const m = /^([XYZ]|\d)(\d{7})([A-Z])$/.exec(id);
  if (!m) return false;
  const first = "XYZ".indexOf(m[1]!);
  const number = Number(`${first >= 0 ? first : m[1]}${m[2]}`);
  return DNI_LETTERS[number % 23] === m[3];
}

function isCompanyId(id: string): boolean {
  const m = /^([ABCDEFGHJKLMNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!m) return false;
  const digits = m[2]!.split("").map(Number);
  const sum = digits.reduce((total, d, i) => {
    if (i % 2 === 1) return total + d;
    const doubled = d * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  const control = (10 - (sum % 10)) % 10;
  const letterOnly = "PQRSNW".includes(m[1]!);
  const digitOnly = "ABEH".includes(m[1]!);
  const isDigit = m[3] === String(control);
  const isLetter = m[3] === CIF_LETTERS[control];
  return letterOnly ? isLetter : digitOnly ? isDigit : isDigit || isLetter;
}

/** Whether a compacted id (compactTaxId) is a valid NIF, NIE or CIF. */
export const isValidTaxId = (id: string) => isPersonalId(id) || isCompanyId(id);
