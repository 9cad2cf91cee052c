import { readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { attemptScores, formatReport, pct, rateReport, rejectionsByPerson, thresholds, type Sample } from "./bench-faces-protocol";
import { formatPad, presentationAttacks, type PadFace } from "./bench-faces-liveness";

// `npm run bench:faces [folder] [--no-pad]`: the face engine on a folder of photos (issue 13, issue 30).
// Layout: <folder>/**/<name>_<n>.jpg|png|webp, same name in the same folder = same person; images under a folder called
// `noface` must not yield a face. Default folder: ../shared/fixtures/faces from the repository.
// Prints: detection, pairs (EER, FAR/FRR by threshold), the attempt protocol at the shipped thresholds (FRR first
// capture, FRR after one retry, FAR) with each lever's own gain, presentation attacks (APCER/BPCER), speed and load.

const scriptDir = typeof __dirname === "string" ? __dirname : path.dirname(path.resolve(process.argv[1]));
const DEFAULT_FOLDER = path.resolve(scriptDir, "../../shared/fixtures/faces");
const IMAGE = /\.(jpe?g|png|webp)$/i;
const WARMUP_RUNS = 3;
const LATENCY_ROUNDS = 2;

type Item = Sample & { file: string; found: boolean; isFace: boolean };

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
  if (path.dirname(rel).split(path.sep).some((d) => d.toLowerCase() === "noface")) return null;
  return `${path.dirname(rel)}/${path.basename(file).replace(IMAGE, "").replace(/_\d+$/, "")}`;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  return sorted[lo] + (sorted[Math.ceil(pos)] - sorted[lo]) * (pos - lo);
}

async function main() {
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? DEFAULT_FOLDER);
  const withPad = !args.includes("--no-pad");
  const loadBefore = os.loadavg()[0];
  const files = listImages(root);
  if (files.length === 0) throw new Error(`No images under ${root}`);

  // Model load = importing the engine + backend start + every model's weights (liveness included) + warm-up passes.
  const loadStart = performance.now();
  const engine = await import("../server/biometrics/face-engine");
  const { analyseImage, describeAnalysed } = await import("../server/biometrics/face-analysis");
  const { decodeImage } = await import("../server/biometrics/image");
  const { distance, matchThreshold, decide } = await import("../server/biometrics/face-fusion");
  const importMs = performance.now() - loadStart;
  await engine.loadFaceEngine();
  const loadMs = performance.now() - loadStart;
  global.gc?.();
  const mem = process.memoryUsage();

  const items: Item[] = [];
  const images = new Map<string, Awaited<ReturnType<typeof decodeImage>>>();
  for (const file of files) {
    const person = personOf(root, file);
    const image = await decodeImage(readFileSync(file));
    if (!image) console.warn(`  unreadable image: ${file}`);
    const analysed = image ? await analyseImage(image) : { face: null };
    const e = image && analysed.face ? await describeAnalysed(image, analysed.face) : null;
    images.set(file, image);
    items.push({ file, name: path.relative(root, file), person: person ?? "", isFace: person !== null, found: e !== null, e: e ?? [], unseen: false, good: analysed.face?.quality.good ?? false });
  }
  const faces = items.filter((s) => s.isFace);
  const found = faces.filter((s) => s.found);
  const falseFaces = items.filter((s) => !s.isFace && s.found);

  console.log(`Face engine benchmark: ${root}`);
  console.log(`images: ${items.length} (${faces.length} with a face, ${items.length - faces.length} without)`);
  console.log(`faces found: ${found.length}/${faces.length} (${pct(found.length / faces.length)})`);
  for (const miss of faces.filter((s) => !s.found)) console.log(`  missed: ${miss.name}`);
  console.log(`false faces in noface: ${falseFaces.length}/${items.length - faces.length}`);
  for (const f of falseFaces) console.log(`  false face: ${f.name}`);
  console.log(`pass the quality gates (one face, size, frontal, eyes open, light, sharp): ${found.filter((s) => s.good).length}/${found.length}`);

  // Pairs: one photo against one photo (the issue-13 view).
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < found.length; i++) for (let j = i + 1; j < found.length; j++) (found[i].person === found[j].person ? genuine : impostor).push(distance(found[i].e, found[j].e));
  if (genuine.length && impostor.length) {
    console.log(`pairs: ${genuine.length} same-person, ${impostor.length} different-person; same-person median ${quantile(genuine, 0.5).toFixed(3)} max ${Math.max(...genuine).toFixed(3)}; different-person min ${Math.min(...impostor).toFixed(3)} median ${quantile(impostor, 0.5).toFixed(3)}`);
    const row = (t: number) => `${t}: FAR ${pct(impostor.filter((d) => d <= t).length / impostor.length)} FRR ${pct(genuine.filter((d) => d > t).length / genuine.length)}`;
    console.log(`  by threshold (one photo vs one photo): ${[0.45, 0.46, 0.5, 0.55, 0.6].map(row).join(" | ")}`);
  }

  // Attempts at the shipped thresholds, lever by lever.
  console.log("Attempts (a capture fused against the student's R references; retry = a second capture):");
  const gated = (s: Sample) => s.good;
  // The shipped protocol gates references as well as captures: enrolment refuses a reference that fails the gates
  // (describeReference), so a student's references are never the photos the gates refuse.
  const levers: [string, number, ((s: Sample) => boolean) | undefined, ((s: Sample) => boolean) | undefined][] = [
    ["1 reference, any photo (before issue 30)", 1, undefined, undefined],
    ["1 reference, captures that pass the gates", 1, gated, undefined],
    ["3 references, any photo", 3, undefined, undefined],
    ["3 references (any photo), gated captures", 3, gated, undefined],
    ["3 gated references + gated captures", 3, gated, gated],
    ["5 gated references + gated captures (shipped)", 5, gated, gated],
  ];
  let shipped: ReturnType<typeof rateReport> | null = null;
  for (const [label, refs, probe, reference] of levers) {
    const scores = attemptScores(found, { references: refs, probe, reference });
    if (scores.genuine.length === 0) {
      console.log(`${label.padEnd(44)} not enough photos per person`);
      continue;
    }
    const report = rateReport(scores, matchThreshold(refs));
    console.log(formatReport(label, report));
    const { chosen } = thresholds(scores, refs);
    if (probe === undefined) console.log(`${"".padEnd(44)} (this folder alone would choose ${chosen ?? "none"} for R=${refs}; shipped ${matchThreshold(refs)})`);
    if (label.includes("shipped")) {
      shipped = report;
      for (const line of rejectionsByPerson(scores, matchThreshold(refs))) console.log(`${"".padEnd(44)} ${line}`);
    }
  }

  let padLines: string[] = [];
  let padReport: Awaited<ReturnType<typeof presentationAttacks>> | null = null;
  if (withPad) {
    const byPerson = new Map<string, Item[]>();
    for (const s of found) byPerson.set(s.person, [...(byPerson.get(s.person) ?? []), s]);
    const padFaces: PadFace[] = found.map((s) => ({
      name: s.name,
      image: images.get(s.file)!,
      references: (byPerson.get(s.person) ?? []).filter((o) => o !== s).slice(0, 3).map((o) => o.e),
    }));
    padReport = await presentationAttacks(padFaces);
    padLines = formatPad(padReport, matchThreshold, 3);
    padLines.forEach((l) => console.log(l));
  }

  // Latency of the verification call itself: open the proof, check the challenge, fuse against the references.
  const verifyMs: number[] = [];
  {
    const { checkLiveness } = await import("../server/biometrics/liveness-check");
    const { sealObservation } = await import("../server/biometrics/liveness-seal");
    const crypto = await import("node:crypto");
    const key = crypto.randomBytes(32);
    const probe = found[0]?.e ?? new Array<number>(128).fill(0);
    const refs = found.slice(1, 4).map((s) => s.e);
    const face = (yaw: number, eyes: number, good = true) => ({ box: [0.3, 0.2, 0.4, 0.5] as [number, number, number, number], yaw, eyes, good, quality: 0.8, described: good });
    const script = [...Array(4).fill(face(0, 0.5)), face(0, 0.2, false), face(0, 0.2, false), ...Array(3).fill(face(0, 0.5)), face(-0.3, 0.5, false), face(-0.3, 0.5, false), ...Array(6).fill(face(0, 0.5))];
    for (let round = 0; round < 50; round++) {
      const id = `b${round}`;
      const sealed = script.map((f, n) => sealObservation(id, { n, t: 1_000_100 + n * 200, face: f, descriptor: f.described ? probe : null }, key));
      const start = performance.now();
      const live = checkLiveness({ id, purpose: "attendance", tenantId: "t", userId: "u", studentId: "s", capSessionId: "c", type: "in", steps: ["blink", "turn-left"], issuedAt: 1_000_000, expiresAt: 1_090_000 }, sealed, 1_020_000, key);
      if (live.ok) decide(live.frames, refs);
      verifyMs.push(performance.now() - start);
    }
  }
  // Latency of one photo against a stored reference (decode, detect, landmarks, eyes, descriptor), warm: a reference save.
  const timed = found.map((s) => readFileSync(s.file));
  for (let i = 0; i < WARMUP_RUNS && timed.length; i++) await engine.embedFace(timed[i % timed.length]);
  const embedMs: number[] = [];
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    for (const bytes of timed) {
      const start = performance.now();
      await engine.describeReference(bytes);
      embedMs.push(performance.now() - start);
    }
  }

  // Per verification frame as the attendance dialog sends it (capture-attendance-dialog.tsx: 640×480 JPEG at 0.92),
  // and a reference capture's 1280×720: each face photo framed into the camera's picture, analysed as the server does
  // (decode, detect, landmarks, eyes, quality; the descriptor on the frames that ask for it), warm.
  const cameraMs: { size: string; plain: number[]; described: number[] }[] = [];
  for (const [width, height] of [[640, 480], [1280, 720]] as const) {
    const frames = await Promise.all(
      found.slice(0, 20).map((s) => sharp(readFileSync(s.file)).rotate().resize(width, height, { fit: "contain", background: "#808080" }).jpeg({ quality: 92 }).toBuffer()),
    );
    for (const bytes of frames.slice(0, WARMUP_RUNS)) await engine.analyseFrame(bytes, { describe: true });
    const row = { size: `${width}×${height}`, plain: [] as number[], described: [] as number[] };
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      for (const bytes of frames) {
        for (const describe of [false, true]) {
          const start = performance.now();
          await engine.analyseFrame(bytes, { describe });
          (describe ? row.described : row.plain).push(performance.now() - start);
        }
      }
    }
    cameraMs.push(row);
  }

  console.log("Speed and load:");
  console.log(`  machine: ${os.cpus().length} CPUs, load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after; timings mean something only on an otherwise idle machine`);
  if (padReport) {
    console.log(`  per live frame (server): median ${quantile(padReport.frameMs.plain, 0.5).toFixed(0)} ms, p95 ${quantile(padReport.frameMs.plain, 0.95).toFixed(0)} ms; with its descriptor median ${quantile(padReport.frameMs.described, 0.5).toFixed(0)} ms`);
  }
  for (const c of cameraMs) {
    console.log(`  per camera frame ${c.size} (server, warm, n=${c.plain.length}): median ${quantile(c.plain, 0.5).toFixed(0)} ms, p95 ${quantile(c.plain, 0.95).toFixed(0)} ms; with its descriptor median ${quantile(c.described, 0.5).toFixed(0)} ms, p95 ${quantile(c.described, 0.95).toFixed(0)} ms`);
  }
  console.log(`  verification call (open the sealed frames, check the challenge, fuse with 3 references): median ${quantile(verifyMs, 0.5).toFixed(1)} ms, p95 ${quantile(verifyMs, 0.95).toFixed(1)} ms`);
  console.log(`  one photo checked and described (reference save), warm, n=${embedMs.length}: median ${quantile(embedMs, 0.5).toFixed(0)} ms, p95 ${quantile(embedMs, 0.95).toFixed(0)} ms`);
  console.log(`  model load (BlazeFace, 68 landmarks, dlib ResNet, MediaPipe iris): ${(loadMs / 1000).toFixed(2)} s (import ${(importMs / 1000).toFixed(2)} s)`);
  console.log(`  memory after load: RSS ${(mem.rss / 2 ** 20).toFixed(0)} MB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB`);

  console.log("Summary at the shipped thresholds (R=1: " + matchThreshold(1) + ", R=2: " + matchThreshold(2) + ", R>=3: " + matchThreshold(3) + "):");
  if (!shipped) console.log("  the shipped protocol (5 gated references) needs six photos of a person, five of them gated: none in this folder");
  else console.log(`  FRR first capture ${pct(shipped.frr1)}, FRR after one retry ${pct(shipped.frr2)}, FAR ${pct(shipped.far, 3)} (5 gated references, gated captures; photos stand in for captures)`);
  if (padReport) {
    const s = padReport.species;
    const apcer = (c: { attempts: number; accepted: number }) => pct(c.accepted / (c.attempts || 1));
    console.log(`  APCER still ${apcer(s.still)}, moved print ${apcer(s.movedPrint)}, replayed one take ${apcer(s.replayOneTake)}, looped video ${apcer(s.replayLoop)} (not stopped); BPCER ${pct(1 - padReport.bonaFide.accepted / (padReport.bonaFide.attempts || 1))}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
