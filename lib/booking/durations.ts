// ISO 8601 durations of the configuration (spec §5): hours and minutes only, e.g. 'PT1H30M'.
const ISO_DURATION = /^PT(?:(\d+)H)?(?:(\d+)M)?$/;

export const INVALID_DURATION_MESSAGE = "Invalid ISO 8601 duration";

/** Seconds of an hours-and-minutes ISO 8601 duration; throws `Error('Invalid ISO 8601 duration')` otherwise. */
export function parseIsoDuration(value: string): number {
  const match = ISO_DURATION.exec(value.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) throw new Error(INVALID_DURATION_MESSAGE);
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60;
}

/** The inverse of parseIsoDuration for whole minutes: 5400 → 'PT1H30M'. */
export function toIsoDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours === 0 && minutes === 0) return "PT0M";
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}`;
}

/** Duration options in seconds: from min to max in steps of min (not the increments setting, spec §5). */
export function durationOptions(min: number, max: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min <= 0 || max < min) return [];
  const options: number[] = [];
  for (let d = min; d <= max; d += min) options.push(d);
  return options;
}

/** Options from the configuration's ISO values; throws 'Invalid ISO 8601 duration' for a bad value. */
export function durationOptionsFromConfig(minIso: string, maxIso: string): number[] {
  return durationOptions(parseIsoDuration(minIso), parseIsoDuration(maxIso));
}
