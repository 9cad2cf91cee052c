// Spanish phone numbers (issue 31 §2): mobiles 6xx xxx xxx and 7xx xxx xxx, landlines 8xx xxx xxx and 9xx xxx xxx, typed
// with or without +34 / 0034 and with spaces, dots or dashes; stored in E.164 ('+34612345678'), shown '612 34 56 78'.
// No zod here: the screens that only show a number do not load it (lib/contract/phone.ts validates).

export const PHONE_INVALID_MESSAGE = "Escribe un teléfono español de 9 cifras que empiece por 6, 7, 8 o 9 (con o sin +34)";
export const PHONE_MAX_INPUT_LENGTH = 30;

const E164_SPAIN = /^\+34[6-9]\d{8}$/;

/** The E.164 form of a Spanish number as people type it, or null when it is not one. */
export function normalizeSpanishPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s.\-()]/g, "");
  const national = compact.replace(/^(?:\+34|0034)/, "");
  if (!/^[6-9]\d{8}$/.test(national)) return null;
  return `+34${national}`;
}

export const isStoredPhone = (value: string) => E164_SPAIN.test(value);

/** '+34612345678' → '612 34 56 78' (mobiles) / '912 34 56 78'; anything else as stored. */
export function formatPhone(e164: string): string {
  if (!isStoredPhone(e164)) return e164;
  const n = e164.slice(3);
  return `${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`;
}

/** The href of a tap-to-call link. */
export const telHref = (e164: string) => `tel:${e164}`;
