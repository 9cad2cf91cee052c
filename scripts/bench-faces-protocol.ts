import { distance, fusedDistance, matchThreshold, type Descriptor } from "../server/biometrics/face-fusion";
import { chooseThreshold } from "../server/biometrics/face-calibration";

// The verification protocol of `npm run bench:faces` and `npm run bench:faces:unseen` (issue 30 §1): a student enrolled
// with R reference photos, an attempt = one capture fused against all R (face-fusion.ts), a retry = a second capture of
// the same person against the same references. Photos of one person stand in for captures: different photos, often
// years apart, are harder than two captures of a desk camera, so FRR errs high.

export type Sample = { name: string; person: string; e: number[]; unseen: boolean; good: boolean };

export type AttemptScores = {
  /** Fused distance of each genuine attempt, with its person. */
  genuine: { person: string; d: number }[];
  /** The better of two genuine attempts with the same references (the retry). */
  retry: { person: string; d: number }[];
  /** Fused distance of a capture of another person against the references. */
  impostor: number[];
};

/** How one capture's descriptors and a student's references become one distance (face-fusion.ts ships "mean"). */
export type FusionRule = (frames: Descriptor[], references: Descriptor[]) => number;

/** Score fusion rules compared by `npm run bench:faces:unseen` (issue 30 §1, "score fusion"), each at its own threshold. */
export const FUSION_RULES: Record<string, FusionRule> = {
  "mean distance to every reference (shipped)": fusedDistance,
  "distance to the nearest reference": (frames, refs) => mean(frames.map((f) => Math.min(...refs.map((r) => distance(f, r))))),
  "mean of the two nearest references": (frames, refs) =>
    mean(frames.map((f) => mean(refs.map((r) => distance(f, r)).sort((a, b) => a - b).slice(0, 2)))),
  "distance to the references' centroid": (frames, refs) => {
    const centroid = refs[0]!.map((_, i) => mean(refs.map((r) => r[i]!)));
    return mean(frames.map((f) => distance(f, centroid)));
  },
};

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);

type Options = {
  references: number;
  /** The fusion rule (default: the shipped one). */
  fuse?: FusionRule;
  /** Reference sets drawn per person (the combinations, when fewer). */
  setsPerPerson?: number;
  impostorSetsPerPerson?: number;
  /** Only these samples may be captures (e.g. the frames that pass the quality gates). */
  probe?: (s: Sample) => boolean;
  /** Only these samples may be references (the product refuses a reference that fails the gates: describeReference). */
  reference?: (s: Sample) => boolean;
  /** An impostor attempt counts only when this holds (e.g. at least one unseen photo). */
  impostorFilter?: (refs: Sample[], probe: Sample) => boolean;
  seed?: number;
};

export function attemptScores(samples: Sample[], o: Options): AttemptScores {
  const random = lcg(o.seed ?? 7);
  const people = new Map<string, Sample[]>();
  for (const s of samples) people.set(s.person, [...(people.get(s.person) ?? []), s]);
  const probe = o.probe ?? (() => true);
  const reference = o.reference ?? (() => true);
  const out: AttemptScores = { genuine: [], retry: [], impostor: [] };
  const rule = o.fuse ?? fusedDistance;
  const fuse = (p: Sample, refs: Sample[]) => rule([p.e], refs.map((r) => r.e));
  for (const [person, photos] of people) {
    const pool = photos.filter(reference);
    if (pool.length < o.references || photos.length < o.references + 1) continue;
    for (const refs of drawSets(pool, o.references, o.setsPerPerson ?? 40, random)) {
      const scores = photos.filter((p) => !refs.includes(p) && probe(p)).map((p) => fuse(p, refs));
      for (const d of scores) out.genuine.push({ person, d });
      for (let a = 0; a < scores.length; a++) for (let b = a + 1; b < scores.length; b++) out.retry.push({ person, d: Math.min(scores[a], scores[b]) });
    }
  }
  for (const [person, photos] of people) {
    const pool = photos.filter(reference);
    if (pool.length < o.references) continue;
    for (const refs of drawSets(pool, o.references, o.impostorSetsPerPerson ?? 8, random)) {
      for (const p of samples) {
        if (p.person === person || !probe(p) || (o.impostorFilter && !o.impostorFilter(refs, p))) continue;
        out.impostor.push(fuse(p, refs));
      }
    }
  }
  return out;
}

export type RateReport = {
  threshold: number;
  frr1: number;
  frr2: number;
  far: number;
  /** The same FRRs with every person weighing the same (one man has most photos of the unseen set). */
  frr1PerPerson: number;
  frr2PerPerson: number;
  attempts: number;
  retries: number;
  impostors: number;
  people: number;
};

export function rateReport(scores: AttemptScores, threshold: number): RateReport {
  const rejected = (xs: { d: number }[]) => xs.filter((x) => x.d > threshold).length / (xs.length || 1);
  const perPerson = (xs: { person: string; d: number }[]) => {
    const by = new Map<string, { person: string; d: number }[]>();
    for (const x of xs) by.set(x.person, [...(by.get(x.person) ?? []), x]);
    const rates = [...by.values()].map(rejected);
    return rates.reduce((s, r) => s + r, 0) / (rates.length || 1);
  };
  return {
    threshold,
    frr1: rejected(scores.genuine),
    frr2: rejected(scores.retry),
    far: scores.impostor.filter((d) => d <= threshold).length / (scores.impostor.length || 1),
    frr1PerPerson: perPerson(scores.genuine),
    frr2PerPerson: perPerson(scores.retry),
    attempts: scores.genuine.length,
    retries: scores.retry.length,
    impostors: scores.impostor.length,
    people: new Set(scores.genuine.map((g) => g.person)).size,
  };
}

/** Rejections per person at `threshold`, most attempts first: the attempt-weighted rate follows who has most photos. */
export function rejectionsByPerson(scores: AttemptScores, threshold: number): string[] {
  const by = new Map<string, { attempts: number; rejected: number; retries: number; stillRejected: number }>();
  const of = (person: string) => by.get(person) ?? by.set(person, { attempts: 0, rejected: 0, retries: 0, stillRejected: 0 }).get(person)!;
  for (const g of scores.genuine) {
    of(g.person).attempts++;
    if (g.d > threshold) of(g.person).rejected++;
  }
  for (const g of scores.retry) {
    of(g.person).retries++;
    if (g.d > threshold) of(g.person).stillRejected++;
  }
  return [...by]
    .sort((a, b) => b[1].attempts - a[1].attempts)
    .map(([person, p]) => `${person}: first capture ${p.rejected}/${p.attempts} rejected, after one retry ${p.stillRejected}/${p.retries}`);
}

/** The shipped threshold for R references, and the one this data would choose (FAR <= 0.1% there and 0.02 higher). */
export function thresholds(scores: AttemptScores, references: number): { shipped: number; chosen: number | null } {
  const chosen = chooseThreshold(
    scores.genuine.map((g) => g.d),
    scores.impostor,
    { targetFar: 0.001, margin: 0.02, step: 0.005 },
  );
  return { shipped: matchThreshold(references), chosen: chosen?.threshold ?? null };
}

export const pct = (x: number, digits = 2) => `${(100 * x).toFixed(digits)}%`;

export function formatReport(label: string, r: RateReport): string {
  return (
    `${label.padEnd(44)} t=${r.threshold.toFixed(3)}  FRR first capture ${pct(r.frr1, 1).padStart(6)} (per person ${pct(r.frr1PerPerson, 1)})` +
    `  after one retry ${pct(r.frr2, 1).padStart(6)} (per person ${pct(r.frr2PerPerson, 1)})  FAR ${pct(r.far, 3)}` +
    `  [${r.attempts} attempts, ${r.people} people, ${r.impostors} impostor attempts]`
  );
}

function drawSets<T>(pool: T[], r: number, max: number, random: () => number): T[][] {
  const all = combinations(pool.length, r, 5_000);
  if (all.length <= max) return all.map((c) => c.map((i) => pool[i]));
  const picked = new Set<number>();
  while (picked.size < max) picked.add(Math.floor(random() * all.length));
  return [...picked].sort((a, b) => a - b).map((k) => all[k].map((i) => pool[i]));
}

function combinations(n: number, r: number, limit: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, acc: number[]) => {
    if (out.length >= limit) return;
    if (acc.length === r) return void out.push([...acc]);
    for (let i = start; i < n; i++) walk(i + 1, [...acc, i]);
  };
  walk(0, []);
  return out;
}

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
