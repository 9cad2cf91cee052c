import { readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FaceEmbedding } from "../server/biometrics/face-engine";

// `npm run bench:faces [folder]`: detection rate, equal error rate and latency of the face engine.
// Layout: <folder>/**/<name>_<n>.jpg|png|webp, same name in the same folder = same person; images under a
// folder called `noface` must not yield a face. Default folder: ../shared/fixtures/faces from the repo.

const scriptDir = typeof __dirname === "string" ? __dirname : path.dirname(path.resolve(process.argv[1]));
const DEFAULT_FOLDER = path.resolve(scriptDir, "../../shared/fixtures/faces");
const IMAGE = /\.(jpe?g|png|webp)$/i;
const WARMUP_RUNS = 3;
const LATENCY_ROUNDS = 2;

type Sample = { file: string; person: string | null; embedding: FaceEmbedding | null };

function listImages(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listImages(full));
    else if (IMAGE.test(entry)) out.push(full);
  }
  return out;
}

/** Identity key: folder + name before `_<n>`; null for images under a `noface` folder. */
function personOf(root: string, file: string): string | null {
  const rel = path.relative(root, file);
  const dirs = path.dirname(rel).split(path.sep);
  if (dirs.some((d) => d.toLowerCase() === "noface")) return null;
  const name = path.basename(file).replace(IMAGE, "").replace(/_\d+$/, "");
  return `${path.dirname(rel)}/${name}`;
}

function percent(n: number, d: number): string {
  return d === 0 ? "n/a" : `${((100 * n) / d).toFixed(2)}%`;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** FAR = impostor pairs accepted (distance <= t), FRR = genuine pairs rejected (distance > t). */
function rates(genuine: number[], impostor: number[], t: number) {
  const far = impostor.filter((d) => d <= t).length / impostor.length;
  const frr = genuine.filter((d) => d > t).length / genuine.length;
  return { far, frr };
}

/**
 * Equal error rate by sweeping the threshold over every measured distance; between the two operating
 * points where FAR - FRR changes sign, FAR and FRR are interpolated linearly. When a range of thresholds
 * separates all pairs, the EER is 0 and the threshold reported is the middle of that range.
 */
function equalErrorRate(genuine: number[], impostor: number[]) {
  const thresholds = [...new Set([...genuine, ...impostor])].sort((a, b) => a - b);
  const maxGenuine = Math.max(...genuine);
  const minImpostor = Math.min(...impostor);
  if (maxGenuine < minImpostor) return { eer: 0, threshold: (maxGenuine + minImpostor) / 2, gap: [maxGenuine, minImpostor] };
  let prev = { t: 0, ...rates(genuine, impostor, 0) };
  for (const t of thresholds) {
    const cur = { t, ...rates(genuine, impostor, t) };
    if (cur.far >= cur.frr) {
      const dPrev = prev.frr - prev.far;
      const dCur = cur.far - cur.frr;
      const w = dPrev + dCur === 0 ? 0 : dPrev / (dPrev + dCur);
      const eer = prev.far + w * (cur.far - prev.far);
      return { eer, threshold: prev.t + w * (cur.t - prev.t), gap: null };
    }
    prev = cur;
  }
  return { eer: 1, threshold: thresholds.at(-1) ?? 0, gap: null };
}

async function main() {
  const root = path.resolve(process.argv[2] ?? DEFAULT_FOLDER);
  const loadBefore = os.loadavg()[0];
  const files = listImages(root);
  if (files.length === 0) throw new Error(`No images under ${root}`);

  // Model load = importing the engine (tfjs, face-api) + backend start + weights + warm-up pass.
  const loadStart = performance.now();
  const { compareFaces, embedFace, loadFaceEngine, MATCH_THRESHOLD } = await import("../server/biometrics/face-engine");
  const importMs = performance.now() - loadStart;
  await loadFaceEngine();
  const loadMs = performance.now() - loadStart;
  global.gc?.();
  const mem = process.memoryUsage();

  const samples: Sample[] = [];
  for (const file of files) {
    const result = await embedFace(readFileSync(file));
    if (!result.ok && result.reason === "invalid-image") console.warn(`  unreadable image: ${file}`);
    samples.push({ file, person: personOf(root, file), embedding: result.ok ? result.embedding : null });
  }
  const faces = samples.filter((s) => s.person !== null);
  const noface = samples.filter((s) => s.person === null);
  const found = faces.filter((s) => s.embedding);
  const falseFaces = noface.filter((s) => s.embedding);

  const genuine: number[] = [];
  const impostor: number[] = [];
  const pairs: { distance: number; same: boolean; names: string }[] = [];
  let skippedPairs = 0;
  for (let i = 0; i < faces.length; i++) {
    for (let j = i + 1; j < faces.length; j++) {
      const [p, q] = [faces[i], faces[j]];
      if (!p.embedding || !q.embedding) {
        skippedPairs++;
        continue;
      }
      const { distance } = compareFaces(p.embedding, q.embedding);
      (p.person === q.person ? genuine : impostor).push(distance);
      const names = `${path.relative(root, p.file)} ~ ${path.relative(root, q.file)}`;
      pairs.push({ distance, same: p.person === q.person, names });
    }
  }

  // Latency: one capture (bytes -> detect -> describe) compared with a stored reference, warm.
  const reference = found[0]?.embedding ?? faces[0]?.embedding ?? new Array<number>(128).fill(0);
  const timed = (found.length > 0 ? found : faces).map((s) => readFileSync(s.file));
  for (let i = 0; i < WARMUP_RUNS; i++) await embedFace(timed[i % timed.length]);
  const latencies: number[] = [];
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    for (const bytes of timed) {
      const start = performance.now();
      const capture = await embedFace(bytes);
      if (capture.ok) compareFaces(reference, capture.embedding);
      latencies.push(performance.now() - start);
    }
  }
  latencies.sort((a, b) => a - b);

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`Face engine benchmark: ${root}`);
  const cpus = os.cpus().length;
  console.log(`machine: ${cpus} CPUs, load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after; timings are only meaningful on an otherwise idle machine`);
  console.log(`images: ${samples.length} (${faces.length} with a face, ${noface.length} without)`);
  console.log(`faces found: ${found.length}/${faces.length} (${percent(found.length, faces.length)})`);
  for (const miss of faces.filter((s) => !s.embedding)) console.log(`  missed: ${path.relative(root, miss.file)}`);
  console.log(`false faces in noface: ${falseFaces.length}/${noface.length}`);
  for (const f of falseFaces) console.log(`  false face: ${path.relative(root, f.file)}`);
  console.log(`pairs: ${genuine.length} same-person, ${impostor.length} different-person` + (skippedPairs ? `, ${skippedPairs} skipped (no face)` : ""));
  if (genuine.length > 0 && impostor.length > 0) {
    const sortedGen = [...genuine].sort((a, b) => a - b);
    const sortedImp = [...impostor].sort((a, b) => a - b);
    console.log(`same-person distance: median ${quantile(sortedGen, 0.5).toFixed(3)}, max ${sortedGen.at(-1)!.toFixed(3)}`);
    console.log(`different-person distance: min ${sortedImp[0].toFixed(3)}, median ${quantile(sortedImp, 0.5).toFixed(3)}`);
    const { eer, threshold, gap } = equalErrorRate(genuine, impostor);
    console.log(`EER: ${(eer * 100).toFixed(2)}% at threshold ${threshold.toFixed(3)}` + (gap ? ` (every threshold in ${gap[0].toFixed(3)}..${gap[1].toFixed(3)} separates all pairs)` : ""));
    const worst = (same: boolean) =>
      pairs
        .filter((p) => p.same === same)
        .sort((p, q) => (same ? q.distance - p.distance : p.distance - q.distance))
        .slice(0, 3)
        .map((p) => `${p.distance.toFixed(3)} ${p.names}`)
        .join("; ");
    console.log(`  farthest same-person pairs: ${worst(true)}`);
    console.log(`  closest different-person pairs: ${worst(false)}`);
    const table = [0.45, 0.5, 0.55, 0.6, 0.65].map((t) => {
      const r = rates(genuine, impostor, t);
      return `${t}: FAR ${(r.far * 100).toFixed(2)}% FRR ${(r.frr * 100).toFixed(2)}%`;
    });
    console.log(`  by threshold: ${table.join(" | ")}`);
    const { far, frr } = rates(genuine, impostor, MATCH_THRESHOLD);
    const accepted = impostor.filter((d) => d <= MATCH_THRESHOLD).length;
    const rejected = genuine.filter((d) => d > MATCH_THRESHOLD).length;
    console.log(`chosen threshold ${MATCH_THRESHOLD}: FAR ${(far * 100).toFixed(2)}% (${accepted}/${impostor.length}), FRR ${(frr * 100).toFixed(2)}% (${rejected}/${genuine.length})`);
  }
  console.log(`latency (capture vs stored reference, warm, n=${latencies.length}): median ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms`);
  console.log(`model load: ${(loadMs / 1000).toFixed(2)} s (import ${(importMs / 1000).toFixed(2)} s, backend + weights + warm-up ${((loadMs - importMs) / 1000).toFixed(2)} s)`);
  console.log(`memory after load: RSS ${mb(mem.rss)}, heap used ${mb(mem.heapUsed)}, external ${mb(mem.external)}`);
  const end = process.memoryUsage();
  console.log(`memory after run: RSS ${mb(end.rss)}, heap used ${mb(end.heapUsed)}, external ${mb(end.external)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
