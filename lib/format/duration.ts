// Duration display (spec §9): 'Xh Ym', 'Xh', 'Ym' or '0m'. Seconds below a minute are dropped.
export function formatDuration(totalSeconds: number): string {
  const minutesTotal = Math.floor(Math.abs(totalSeconds) / 60);
  const hours = Math.floor(minutesTotal / 60);
  const minutes = minutesTotal % 60;
  const sign = totalSeconds < 0 && minutesTotal > 0 ? "-" : "";
  if (hours > 0 && minutes > 0) return `${sign}${hours}h ${minutes}m`;
  if (hours > 0) return `${sign}${hours}h`;
  if (minutes > 0) return `${sign}${minutes}m`;
  return "0m";
}
