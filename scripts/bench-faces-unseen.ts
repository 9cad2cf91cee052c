import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { chooseThreshold, equalErrorRate, ratesAt, twoCaptureRates } from "../server/biometrics/face-calibration";

// `npm run bench:faces:unseen`: calibrates MATCH_THRESHOLD on faces the project has never seen.
// Unseen people: every face the project's detector finds in images shipped by MIT packages already installed
// (@vladmandic/human assets/samples.jpg, @vladmandic/face-api demo/sample1..6.jpg), one identity per crop.
// Crops and synthetic re-captures are built at run time into a temp folder, never committed.
// Genuine pairs: shared fixtures' same-person pairs (real) + crop vs synthetic re-capture (SYNTHETIC).
// Impostor pairs: every pair of distinct people across unseen crops + shared fixtures.

const root = process.cwd();
const SOURCES = [
  "node_modules/@vladmandic/human/assets/samples.jpg",
  ...[1, 2, 3, 4, 5, 6].map((n) => `node_modules/@vladmandic/face-api/demo/sample${n}.jpg`),
];
const FIXTURES = path.resolve(root, "../shared/fixtures/faces");
const CACHE = path.join(os.tmpdir(), "volante-face-unseen");
const IMAGE = /\.(jpe?g|png|webp)$/i;

type E = number[];
const dist = (a: E, b: E) => Math.sqrt(a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0));
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

async function crops(): Promise<Buffer[]> {
  const { decodeImage } = await import("../server/biometrics/image");
  const { detectFaces } = await import("../server/biometrics/face-detector");
  const out: Buffer[] = [];
  for (const src of SOURCES) {
    const bytes = readFileSync(path.join(root, src));
    const img = await decodeImage(bytes);
    if (!img) continue;
    for (const f of await detectFaces(img)) {
      const pad = 0.5 * Math.max(f.width, f.height);
      const left = Math.max(0, Math.round(f.x - pad));
      const top = Math.max(0, Math.round(f.y - pad));
      const width = Math.min(img.width - left, Math.round(f.width + 2 * pad));
      const height = Math.min(img.height - top, Math.round(f.height + 2 * pad));
      if (width < 60 || height < 60) continue;
      out.push(await sharp(bytes).extract({ left, top, width, height }).jpeg({ quality: 92 }).toBuffer());
    }
  }
  return out;
}

/** Two realistic re-captures: shift/scale + light + JPEG; blur + flip + contrast. */
async function recaptures(crop: Buffer): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(crop).metadata();
  const dx = Math.round(width * 0.04);
  const a = await sharp(crop)
    .extract({ left: dx, top: dx, width: width - 2 * dx, height: height - 2 * dx })
    .resize(Math.round(width * 1.1))
    .modulate({ brightness: 1.15 })
    .jpeg({ quality: 55 })
    .toBuffer();
  const b = await sharp(crop).blur(0.8).flop().linear(0.85, 10).jpeg({ quality: 75 }).toBuffer();
  return [a, b];
}

function listImages(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? (e === "noface" ? [] : listImages(full)) : IMAGE.test(e) ? [full] : [];
  });
}

async function main() {
  const { embedFace, loadFaceEngine, MATCH_THRESHOLD } = await import("../server/biometrics/face-engine");
  await loadFaceEngine();
  mkdirSync(CACHE, { recursive: true });
  const embed = async (b: Buffer) => { const r = await embedFace(b); return r.ok ? r.embedding : null; };

  const people: { id: string; shots: E[] }[] = [];
  const unseen = await crops();
  for (const [i, crop] of unseen.entries()) {
    writeFileSync(path.join(CACHE, `unseen_${i}.jpg`), crop);
    const ref = await embed(crop);
    if (!ref) continue;
    const shots = [ref];
    for (const v of await recaptures(crop)) { const e = await embed(v); if (e) shots.push(e); }
    people.push({ id: `unseen/${i}`, shots });
  }
  const fixtures = new Map<string, E[]>();
  for (const file of listImages(FIXTURES)) {
    const e = await embed(readFileSync(file));
    const id = path.relative(FIXTURES, file).replace(IMAGE, "").replace(/_\d+$/, "");
    if (e) fixtures.set(id, [...(fixtures.get(id) ?? []), e]);
  }
  const realGenuine: number[] = [];
  for (const shots of fixtures.values())
    for (let i = 0; i < shots.length; i++) for (let j = i + 1; j < shots.length; j++) realGenuine.push(dist(shots[i], shots[j]));
  const synthGenuine = people.flatMap((p) => p.shots.slice(1).map((s) => dist(p.shots[0], s)));
  const genuine = [...realGenuine, ...synthGenuine];
  const refs = [...people.map((p) => p.shots[0]), ...[...fixtures.values()].map((s) => s[0])];
  const impostor: number[] = [];
  for (let i = 0; i < refs.length; i++) for (let j = i + 1; j < refs.length; j++) impostor.push(dist(refs[i], refs[j]));

  // Empirical two captures: a genuine attempt passes if either re-capture matches; an impostor if either does.
  const g2 = people.filter((p) => p.shots.length === 3).map((p) => Math.min(dist(p.shots[0], p.shots[1]), dist(p.shots[0], p.shots[2])));
  const i2: number[] = [];
  for (const a of people) for (const b of people) if (a !== b && b.shots.length === 3) i2.push(Math.min(dist(a.shots[0], b.shots[1]), dist(a.shots[0], b.shots[2])));

  const q = (xs: number[]) => { const s = [...xs].sort((x, y) => x - y); return [0, 0.01, 0.05, 0.5, 0.95, 0.99, 1].map((p) => s[Math.round(p * (s.length - 1))]?.toFixed(3)).join(" "); };
  console.log(`Unseen people: ${people.length} (crops in ${CACHE}); fixture people: ${fixtures.size}`);
  console.log(`Genuine pairs: ${genuine.length} (${realGenuine.length} real fixtures, ${synthGenuine.length} SYNTHETIC re-captures); impostor pairs: ${impostor.length}`);
  console.log(`Quantiles min/1/5/50/95/99/max  genuine: ${q(genuine)}`);
  console.log(`                                impostor: ${q(impostor)}`);
  const eer = equalErrorRate(genuine, impostor);
  console.log(`EER ${pct(eer.eer)} at ${eer.threshold}`);
  console.log("threshold  FAR1     FRR1     FAR2(model) FRR2(model) FAR2(emp) FRR2(emp)");
  for (let t = 0.4; t <= 0.601; t += 0.025) {
    const one = ratesAt(genuine, impostor, t);
    const two = twoCaptureRates(one);
    const emp = ratesAt(g2, i2, t);
    console.log(`${t.toFixed(3)}      ${pct(one.far).padEnd(8)} ${pct(one.frr).padEnd(8)} ${pct(two.far).padEnd(11)} ${pct(two.frr).padEnd(11)} ${pct(emp.far).padEnd(9)} ${pct(emp.frr)}`);
  }
  for (const attempts of [1, 2]) {
    const c = chooseThreshold(genuine, impostor, { targetFar: 0.001, margin: 0.02, attempts });
    console.log(`Chosen for FAR <= 0.1% (margin 0.02), ${attempts} capture(s): ${c ? `${c.threshold} FAR ${pct(c.far)} FRR ${pct(c.frr)}` : "none"}`);
  }
  console.log(`Shipped MATCH_THRESHOLD ${MATCH_THRESHOLD}: ${JSON.stringify(ratesAt(genuine, impostor, MATCH_THRESHOLD))}`);
}

main().catch((error) => { console.error(error); process.exit(1); });
