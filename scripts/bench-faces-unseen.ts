import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { chooseThreshold, equalErrorRate, rateUpperBound, ratesAt, twoAttemptDistances, twoCaptureRates } from "../server/biometrics/face-calibration";
import { buildUnseenSet, PROBABLE_PEOPLE } from "./bench-faces-unseen-set";

// `npm run bench:faces:unseen`: calibrates MATCH_THRESHOLD on faces the project has never seen (issue 13).
// People: the shared fixtures + every face in the images that installed MIT packages ship (bench-faces-unseen-set.ts,
// labelled by eye). Genuine pairs: two different photos of one person. Impostor pairs: photos of two people;
// "unseen" ones involve at least one package photo. SYNTHETIC re-captures (crop + shift/light/JPEG) are reported apart.

const root = process.cwd();
const FIXTURES = path.resolve(root, "../shared/fixtures/faces");
const CACHE = path.join(os.tmpdir(), "volante-face-unseen");
const IMAGE = /\.(jpe?g|png|webp)$/i;
const TARGET_FAR = 0.001;
const MARGIN = 0.02;
/** Faces at least this wide in their source are "camera-like"; the Human screenshot grid is 55-80 px. */
const LARGE_FACE_PX = 85;

type E = number[];
type Sample = { name: string; person: string; unseen: boolean; large: boolean; e: E };
const dist = (a: E, b: E) => Math.sqrt(a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0));
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const count = (xs: number[], t: number, accepted: boolean) => xs.filter((d) => (accepted ? d <= t : d > t)).length;

function listImages(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? (e === "noface" ? [] : listImages(full)) : IMAGE.test(e) ? [full] : [];
  });
}

/** Two re-captures of one crop: shift/scale + light + JPEG q55; blur + mirror + contrast + JPEG q75. */
async function recaptures(crop: Buffer): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(crop).metadata();
  const dx = Math.round(width * 0.04);
  const a = await sharp(crop).extract({ left: dx, top: dx, width: width - 2 * dx, height: height - 2 * dx }).resize(Math.round(width * 1.1)).modulate({ brightness: 1.15 }).jpeg({ quality: 55 }).toBuffer();
  const b = await sharp(crop).blur(0.8).flop().linear(0.85, 10).jpeg({ quality: 75 }).toBuffer();
  return [a, b];
}

async function main() {
  const { embedFace, loadFaceEngine, MATCH_THRESHOLD } = await import("../server/biometrics/face-engine");
  const { decodeImage } = await import("../server/biometrics/image");
  const { detectFaces } = await import("../server/biometrics/face-detector");
  const { describeFace } = await import("../server/biometrics/face-descriptor");
  await loadFaceEngine();
  mkdirSync(CACHE, { recursive: true });
  // A crop may hold a neighbour's face too: describe the detection nearest the labelled centre.
  const describeAt = async (bytes: Buffer, [cx, cy]: [number, number]) => {
    const img = await decodeImage(bytes);
    if (!img) return null;
    const near = (await detectFaces(img)).map((f) => ({ f, d: Math.hypot(f.x + f.width / 2 - cx, f.y + f.height / 2 - cy) })).sort((p, q) => p.d - q.d)[0];
    if (!near || near.d > 0.5 * near.f.width) return null;
    const e = await describeFace(img, near.f);
    return e ? Array.from(e) : null;
  };

  const { faces, notes } = await buildUnseenSet(root);
  const samples: Sample[] = [];
  const synthetic: number[] = [];
  for (const face of faces) {
    writeFileSync(path.join(CACHE, `${face.key.replace(/[@,]/g, "_")}.jpg`), face.crop);
    const e = await describeAt(face.crop, face.centre);
    if (!e) { notes.push(`no descriptor: ${face.key}`); continue; }
    samples.push({ name: face.key, person: face.person, unseen: true, large: face.width >= LARGE_FACE_PX, e });
    for (const v of await recaptures(face.crop)) { const r = await describeAt(v, face.centre); if (r) synthetic.push(dist(e, r)); }
  }
  for (const file of listImages(FIXTURES)) {
    const r = await embedFace(readFileSync(file));
    const name = path.relative(FIXTURES, file).replace(IMAGE, "");
    if (r.ok) samples.push({ name, person: name.replace(/_\d+$/, ""), unseen: false, large: true, e: r.embedding });
  }

  const fixtureGenuine: number[] = [], unseenGenuine: number[] = [], fixtureImpostor: number[] = [], unseenImpostor: number[] = [], largeImpostor: number[] = [];
  const impostorNames: [number, string][] = [];
  const personPairs = new Map<string, number>(); // closest photo pair of each pair of people (unseen impostors)
  const probableGenuine: number[] = []; // pairs that would be impostors if the probable groups were wrong
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const [a, b] = [samples[i], samples[j]];
      const d = dist(a.e, b.e);
      const unseen = a.unseen || b.unseen;
      if (a.person === b.person) {
        (unseen ? unseenGenuine : fixtureGenuine).push(d);
        if (unseen && PROBABLE_PEOPLE.includes(a.person)) probableGenuine.push(d);
      } else if (!unseen) fixtureImpostor.push(d);
      else {
        unseenImpostor.push(d);
        if (a.large && b.large) largeImpostor.push(d);
        impostorNames.push([d, `${a.name} ~ ${b.name}`]);
        const key = [a.person, b.person].sort().join(" ~ ");
        personPairs.set(key, Math.min(d, personPairs.get(key) ?? Infinity));
      }
    }
  }
  const people = new Map<string, E[]>();
  for (const s of samples) people.set(s.person, [...(people.get(s.person) ?? []), s.e]);
  const unseenPeople = new Set(samples.filter((s) => s.unseen).map((s) => s.person));
  const two = twoAttemptDistances([...people.values()], dist);

  const q = (xs: number[]) => { const s = [...xs].sort((x, y) => x - y); return [0, 0.01, 0.05, 0.5, 0.95, 1].map((p) => s[Math.round(p * (s.length - 1))]?.toFixed(3)).join(" "); };
  for (const n of notes) console.log(`  ${n}`);
  console.log(`Unseen set: ${faces.length} package faces kept -> ${samples.filter((s) => s.unseen).length} described, ${unseenPeople.size} people (${[...unseenPeople].filter((p) => p.startsWith("photo/")).length} of them fixture people in new photos); fixtures: ${samples.filter((s) => !s.unseen).length} images; crops in ${CACHE}`);
  const bySource = new Map<string, number>();
  for (const s of samples.filter((x) => x.unseen)) bySource.set(s.name.split("@")[0], (bySource.get(s.name.split("@")[0]) ?? 0) + 1);
  console.log(`  described faces by source: ${[...bySource].map(([k, n]) => `${k} ${n}`).join(", ")}`);
  console.log(`Genuine pairs: ${fixtureGenuine.length} fixtures, ${unseenGenuine.length} unseen (real, different photos), ${synthetic.length} SYNTHETIC re-captures (not used to decide)`);
  console.log(`Impostor pairs: ${unseenImpostor.length} unseen (${largeImpostor.length} with both faces >= ${LARGE_FACE_PX} px), ${fixtureImpostor.length} fixtures only`);
  console.log(`Quantiles min/1/5/50/95/max  fixture genuine ${q(fixtureGenuine)} | unseen genuine ${q(unseenGenuine)}`);
  console.log(`                             unseen impostor ${q(unseenImpostor)} | large-face impostor ${q(largeImpostor)}`);
  const genuine = [...fixtureGenuine, ...unseenGenuine];
  const eer = equalErrorRate(genuine, unseenImpostor);
  console.log(`EER (all real genuine vs unseen impostor): ${pct(eer.eer)} at ${eer.threshold}`);
  console.log("thr    FAR unseen (n, 95% bound)      FAR large   FRR fixtures  FRR unseen  FRR synth | 2 attempts measured: FRR    FAR   | modelled: FRR  FAR");
  const chosen = chooseThreshold(genuine, unseenImpostor, { targetFar: TARGET_FAR, margin: MARGIN });
  const grid = [0.4, 0.425, 0.45, 0.475, 0.5, 0.525, 0.55, 0.575, 0.6, MATCH_THRESHOLD, ...(chosen ? [chosen.threshold] : [])];
  for (const t of [...new Set(grid)].sort((a, b) => a - b)) {
    const far = count(unseenImpostor, t, true);
    const m = ratesAt(two.genuine, two.impostor, t);
    const model = twoCaptureRates(ratesAt(genuine, unseenImpostor, t));
    console.log(`${t.toFixed(3)}  ${pct(far / unseenImpostor.length).padStart(6)} (${far}, <=${pct(rateUpperBound(far, unseenImpostor.length))})`.padEnd(38) +
      `${pct(count(largeImpostor, t, true) / largeImpostor.length).padStart(6)}   ${pct(count(fixtureGenuine, t, false) / fixtureGenuine.length).padStart(8)}   ${pct(count(unseenGenuine, t, false) / unseenGenuine.length).padStart(8)}  ${pct(count(synthetic, t, false) / synthetic.length).padStart(8)} |` +
      `                     ${pct(m.frr).padStart(6)} ${pct(m.far).padStart(6)} |           ${pct(model.frr).padStart(6)} ${pct(model.far).padStart(6)}`);
  }
  const split = [...unseenImpostor, ...probableGenuine];
  console.log(`If the ${PROBABLE_PEOPLE.length} probable groups were all different people (${probableGenuine.length} more impostor pairs): ` +
    [0.425, 0.45, 0.475, 0.5, 0.55].map((t) => `${t}: FAR ${pct(count(split, t, true) / split.length)}`).join(" | "));
  console.log(`Largest threshold with unseen FAR <= ${pct(TARGET_FAR)}, also at +${MARGIN}: ${chosen ? `${chosen.threshold} (FAR ${pct(chosen.far)}, FRR all real genuine ${pct(chosen.frr)})` : "none"}`);
  for (const t of [...new Set([MATCH_THRESHOLD, 0.55, chosen?.threshold ?? MATCH_THRESHOLD])]) {
    const accepted = impostorNames.filter(([d]) => d <= t).sort((a, b) => a[0] - b[0]);
    // Pairs that share a face are not independent: the bound over pairs of people (accepted if any of their
    // photo pairs is) is the more honest one.
    const people = [...personPairs.values()].filter((d) => d <= t).length;
    console.log(`At ${t}: ${accepted.length}/${unseenImpostor.length} unseen impostor pairs accepted (95% upper bound ${pct(rateUpperBound(accepted.length, unseenImpostor.length))}); ` +
      `pairs of people: ${people}/${personPairs.size} (95% upper bound ${pct(rateUpperBound(people, personPairs.size))})${accepted.length ? ":" : ""}`);
    for (const [d, names] of accepted.slice(0, 20)) console.log(`    ${d.toFixed(3)} ${names}`);
    if (accepted.length > 20) console.log(`    ... ${accepted.length - 20} more`);
  }
  console.log(`Shipped MATCH_THRESHOLD ${MATCH_THRESHOLD}.`);
}

main().catch((error) => { console.error(error); process.exit(1); });
