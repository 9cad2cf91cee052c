// Plain values of the freed-slot alerts ('Avísame si se libera un hueco', issue 29): no zod here, so the browser can
// use them without loading the schema library.

/** A student may keep at most this many alerts active at once. */
export const SLOT_ALERTS_MAX_ACTIVE = 10;
/** An alert covers one day or up to a week: `to` is at most this many days after `from`. */
export const SLOT_ALERT_MAX_SPAN_DAYS = 6;

export const TOO_MANY_SLOT_ALERTS = "TOO_MANY_SLOT_ALERTS";
export const tooManySlotAlertsMessage = (max = SLOT_ALERTS_MAX_ACTIVE) =>
  `Puedes tener como máximo ${max} avisos de huecos activos. Quita alguno para crear otro.`;
