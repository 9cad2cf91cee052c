// Plain values of the backoffice contract (limits, labels, codes and their small helpers): no zod here, so the
// browser can use them without loading the schema library (issue 13).
import { CONFIG_KEYS } from "./config";

/** The highest hourly price a school may set, in cents (100.000 €): the settings form and the API check the same. */
export const HOURLY_PRICE_MAX_CENTS = 100_000_00;

/** The longest minimum notice a school may ask before a lesson (a week), in hours. */
export const MIN_NOTICE_MAX_HOURS = 168;

// The spec's licence codes (000 §3) the office may add, with their default names. The spec names the driving codes
// exactly; for "several ADR codes, CAP codes, conseller de seguridad, carretillas elevadoras, competencia profesional"
// it gives no codes, so these are ours (docs/decisions/backoffice.md).
export const LICENSE_CATALOGUE = [
  ["am", "AM"], ["a1", "A1"], ["a2", "A2"], ["a", "A"], ["b", "B"], ["b-e", "B+E"], ["rec-b", "Recuperación B"],
  ["c1", "C1"], ["c", "C"], ["c-e", "C+E"], ["rec-c", "Recuperación C"], ["d", "D"], ["rec-d", "Recuperación D"],
  ["adr-basico", "ADR básico"], ["adr-cisternas", "ADR cisternas"], ["adr-explosivos", "ADR explosivos (clase 1)"],
  ["adr-radiactivos", "ADR radiactivos (clase 7)"],
  ["cap-inicial-mercancias", "CAP inicial mercancías"], ["cap-inicial-viajeros", "CAP inicial viajeros"],
  ["cap-continua-mercancias", "CAP continua mercancías"], ["cap-continua-viajeros", "CAP continua viajeros"],
  ["conseller-seguridad", "Consejero de seguridad"], ["carretillas-elevadoras", "Carretillas elevadoras"],
  ["competencia-profesional", "Competencia profesional"],
] as const;

// Settings the office edits (stripe_charges_enabled follows the payment keys and is not editable). The type lives here,
// beside its list, so this file needs nothing from the contract that imports it (issue 32 §5: no import circles).
export type EditableSettingKey = Exclude<(typeof CONFIG_KEYS)[number], "stripe_charges_enabled">;
export const EDITABLE_SETTING_KEYS = CONFIG_KEYS.filter((k): k is EditableSettingKey => k !== "stripe_charges_enabled");
