import { parseIsoDuration, toIsoDuration } from "@/lib/booking/durations";
import { PRACTICE_MAX_HOURS } from "@/lib/contract/constants/practices";
import { formatDuration } from "@/lib/format/duration";

export const DURATION_STEP_MINUTES = 15;

export type DurationChoice = { value: string; label: string };

function seconds(iso: string): number | null {
  try {
    return parseIsoDuration(iso);
  } catch {
    return null;
  }
}

/**
 * The durations the office picks from: every quarter of an hour up to the longest practice the server accepts,
 * shown as the app shows durations ('45m', '1h 30m') and sent as the ISO 8601 value the API stores ('PT45M',
 * 'PT1H30M'). The current value keeps its own spelling, and stays offered when it is off that grid.
 */
export function durationChoices(current: string): DurationChoice[] {
  const currentSeconds = seconds(current);
  const choices: DurationChoice[] = [];
  for (let s = DURATION_STEP_MINUTES * 60; s <= PRACTICE_MAX_HOURS * 3600; s += DURATION_STEP_MINUTES * 60) {
    choices.push({ value: s === currentSeconds ? current : toIsoDuration(s), label: formatDuration(s) });
  }
  if (!choices.some((c) => c.value === current)) {
    const extra = { value: current, label: currentSeconds && currentSeconds > 0 ? formatDuration(currentSeconds) : current };
    choices.push(extra);
    choices.sort((a, b) => (seconds(a.value) ?? Infinity) - (seconds(b.value) ?? Infinity));
  }
  return choices;
}
