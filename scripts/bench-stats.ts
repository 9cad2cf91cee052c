// Latency statistics shared by the benchmarks (nearest-rank percentiles over an ascending list of milliseconds).

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** "p50 …, p95 …, p99 …, max …" of an ascending list; `ps` picks the percentiles shown. */
export function latencySummary(sorted: number[], ps: number[] = [50, 95, 99], withMax = true): string {
  const parts = ps.map((p) => `p${p} ${ms(percentile(sorted, p))}`);
  if (withMax) parts.push(`max ${ms(sorted.at(-1) ?? Number.NaN)}`);
  return parts.join(", ");
}
