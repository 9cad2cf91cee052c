import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { chooseThreshold, equalErrorRate, rateUpperBound, ratesAt, twoAttemptDistances, twoCaptureRates } from "../server/biometrics/face-calibration";
import { faceImages, IMAGE } from "./bench-faces-files";
import { buildUnseenSet, PROBABLE_PEOPLE } from "./bench-faces-unseen-set";
import { attemptScores, formatReport, FUSION_RULES, pct as pct2, rateReport, rejectionsByPerson, thresholds, type Sample as AttemptSample } from "./bench-faces-protocol";
import { formatPad, presentationAttacks, type PadFace } from "./bench-faces-liveness";

// `npm run bench:faces:unseen`: calibrates MATCH_THRESHOLD on faces the project has never seen (issue 13).
// People: the shared fixtures + every face in the images that installed MIT packages ship (bench-faces-unseen-set.ts,
// labelled by eye). Genuine pairs: two different photos of one person. Impostor pairs: photos of two people;
// "unseen" ones involve at least one package photo. SYNTHETIC re-captures (crop + shift/light/JPEG) are reported apart.

const root = process.cwd();
const FIXTURES = path.resolve(root, "../shared/fixtures/faces");
const CACHE = path.join(os.tmpdir(), "volante-face-unseen");
const TARGET_FAR = 0.001;
const MARGIN = 0.02;
/** Faces at least this wide in their source are "camera-like"; the Human screenshot grid is 55-80 px. */
const LARGE_FACE_PX = 85;

type E = number[];
type Sample = { name: string; person: string; unseen: boolean; large: boolean; e: E; good: boolean; crop?: Buffer };
const dist = (a: E, b: E) => Math.sqrt(a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0));
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const count = (xs: number[], t: number, accepted: boolean) => xs.filter((d) => (accepted ? d <= t : d > t)).length;

/** Two re-captures of one crop: shift/scale + light + JPEG q55; blur + mirror + contrast + JPEG q75. */
async function recaptures(crop: Buffer): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(crop).metadata();
  const dx = Math.round(width * 0.04);
  const a = await sharp(crop).extract({ left: dx, top: dx, width: width - 2 * dx, height: height - 2 * dx }).resize(Math.round(width * 1.1)).modulate({ brightness: 1.15 }).jpeg({ quality: 55 }).toBuffer();
  const b = await sharp(crop).blur(0.8).flop().linear(0.85, 10).jpeg({ quality: 75 }).toBuffer();
  return [a, b];
}

async function main() {
  const { loadFaceEngine, MATCH_THRESHOLD } = await import("../server/biometrics/face-engine");
  const { decodeImage } = await import("../server/biometrics/image");
  const { detectFaces } = await import("../server/biometrics/face-detector");
  const { describeFace } = await import("../server/biometrics/face-descriptor");
  const { analyseImage, describeAnalysed } = await import("../server/biometrics/face-analysis");
  const { matchThreshold } = await import("../server/biometrics/face-fusion");
  await loadFaceEngine();
  mkdirSync(CACHE, { recursive: true });
  // A crop may hold a neighbour's face too: describe the detection nearest the labelled centre. `good`: it is also the
  // main face and passes the engine's quality gates (what a capture must pass to be matched).
  const describeAt = async (bytes: Buffer, [cx, cy]: [number, number]) => {
    const img = await decodeImage(bytes);
    if (!img) return null;
    const near = (await detectFaces(img)).map((f) => ({ f, d: Math.hypot(f.x + f.width / 2 - cx, f.y + f.height / 2 - cy) })).sort((p, q) => p.d - q.d)[0];
    if (!near || near.d > 0.5 * near.f.width) return null;
    const { face } = await analyseImage(img);
    if (face && Math.hypot(face.box.x + face.box.width / 2 - cx, face.box.y + face.box.height / 2 - cy) <= 0.5 * face.box.width) {
      const e = await describeAnalysed(img, face);
      return e ? { e, good: face.quality.good } : null;
    }
    const e = await describeFace(img, near.f);
    return e ? { e: Array.from(e), good: false } : null;
  };

  const { faces, notes } = await buildUnseenSet(root);
  const samples: Sample[] = [];
  const synthetic: number[] = [];
  for (const face of faces) {
    writeFileSync(path.join(CACHE, `${face.key.replace(/[@,]/g, "_")}.jpg`), face.crop);
    const described = await describeAt(face.crop, face.centre);
    if (!described) { notes.push(`no descriptor: ${face.key}`); continue; }
    const { e, good } = described;
    samples.push({ name: face.key, person: face.person, unseen: true, large: face.width >= LARGE_FACE_PX, e, good, crop: face.crop });
    for (const v of await recaptures(face.crop)) { const r = await describeAt(v, face.centre); if (r) synthetic.push(dist(e, r.e)); }
  }
  for (const file of faceImages(FIXTURES)) {
    const img = await decodeImage(readFileSync(file));
    const { face } = img ? await analyseImage(img) : { face: null };
    const e = img && face ? await describeAnalysed(img, face) : null;
    const name = path.relative(FIXTURES, file).replace(IMAGE, "");
    if (e) samples.push({ name, person: name.replace(/_\d+$/, ""), unseen: false, large: true, e, good: face!.quality.good });
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
  console.log(`Shipped MATCH_THRESHOLD ${MATCH_THRESHOLD} (one reference, one frame).`);

  // Issue 30: attempts against several references, at the thresholds shipped for each number of references.
  console.log("Attempts on unseen faces (a capture fused against the student's R references; impostor attempts need an unseen photo):");
  const attemptSamples: AttemptSample[] = samples.map((x) => ({ name: x.name, person: x.person, e: x.e, unseen: x.unseen, good: x.good }));
  const unseenOnly = (refs: AttemptSample[], probe: AttemptSample) => probe.unseen || refs.some((r) => r.unseen);
  console.log(`  captures that pass the quality gates: ${attemptSamples.filter((x) => x.good).length}/${attemptSamples.length} (small grid faces enlarged from 55-80 px mostly fail 'sharp')`);
  let shipped: ReturnType<typeof rateReport> | null = null;
  // The shipped protocol gates references as well as captures: enrolment refuses a reference that fails the gates
  // (describeReference), so a student's references are never the photos the gates refuse.
  const good = (x: AttemptSample) => x.good;
  for (const [label, refs, gated, gatedReferences] of [
    ["1 reference, any photo (before issue 30)", 1, false, false],
    ["1 reference, gated captures", 1, true, false],
    ["2 references, any photo", 2, false, false],
    ["3 references, any photo", 3, false, false],
    ["3 references (any photo), gated captures", 3, true, false],
    ["3 gated references + gated captures", 3, true, true],
    ["5 gated references + gated captures (shipped)", 5, true, true],
  ] as const) {
    const scores = attemptScores(attemptSamples, {
      references: refs,
      impostorFilter: unseenOnly,
      probe: gated ? good : undefined,
      reference: gatedReferences ? good : undefined,
    });
    const report = rateReport(scores, matchThreshold(refs));
    console.log("  " + formatReport(label, report));
    if (!gated) {
      const { chosen } = thresholds(scores, refs);
      const far95 = rateUpperBound(Math.round(report.far * report.impostors), report.impostors);
      console.log(`  ${"".padEnd(44)} largest threshold with FAR <= 0.1% there and at +0.02: ${chosen ?? "none"} (shipped ${matchThreshold(refs)}); FAR 95% bound ${pct(far95)}`);
    }
    if (label.includes("shipped")) {
      shipped = report;
      for (const line of rejectionsByPerson(scores, matchThreshold(refs))) console.log(`  ${"".padEnd(44)} ${line}`);
    }
  }

  // Score fusion rules compared on the shipped protocol (3 gated references, gated captures), each at the threshold this
  // data would choose for it (FAR <= 0.1% there and 0.02 higher): the gain of each rule at equal security.
  console.log("Fusion rules, 3 gated references + gated captures, each at its own threshold (FAR <= 0.1% there and at +0.02):");
  for (const [label, fuse] of Object.entries(FUSION_RULES)) {
    const scores = attemptScores(attemptSamples, { references: 3, impostorFilter: unseenOnly, probe: good, reference: good, fuse });
    const { chosen } = thresholds(scores, 3);
    if (chosen === null) console.log(`  ${label}: no threshold keeps FAR <= 0.1%`);
    else console.log("  " + formatReport(label, rateReport(scores, chosen)));
  }

  // Issue 30 §1's enrolment lever: 3, 4 or 5 gated references (the dialog asks for REFERENCE_IMAGES from the camera,
  // lib/contract/constants/cap-liveness.ts). Each at the shipped threshold and at the one this data chooses for it; the genuine attempts
  // are restricted to the people who can give five gated references and one more photo, so every row is the same people.
  const enrolScores = [3, 4, 5].map((r) => ({ r, scores: attemptScores(attemptSamples, { references: r, impostorFilter: unseenOnly, probe: good, reference: good }) }));
  const fivePeople = new Set(enrolScores[2].scores.genuine.map((g) => g.person));
  console.log(`References at enrolment, gated references + gated captures, the ${fivePeople.size} people with five gated references and a sixth photo:`);
  for (const { r, scores } of enrolScores) {
    const same = { ...scores, genuine: scores.genuine.filter((g) => fivePeople.has(g.person)), retry: scores.retry.filter((g) => fivePeople.has(g.person)) };
    const { shipped: shippedThreshold, chosen } = thresholds(same, r);
    console.log("  " + formatReport(`${r} references, shipped threshold`, rateReport(same, shippedThreshold)));
    console.log("  " + (chosen === null ? `${r} references: no threshold keeps FAR <= 0.1%` : formatReport(`${r} references, its own threshold`, rateReport(same, chosen))));
  }
  // Few people give five gated references, so few impostor attempts above; impostors against references drawn from any
  // photo of everyone with enough photos (more sets per person) bound the FAR of R references at the shipped threshold.
  for (const r of [3, 4, 5]) {
    const scores = attemptScores(attemptSamples, { references: r, impostorFilter: unseenOnly, probe: good, impostorSetsPerPerson: 40 });
    const t = matchThreshold(r);
    const accepted = scores.impostor.filter((d) => d <= t).length;
    const owners = new Set(attemptSamples.filter((x) => attemptSamples.filter((y) => y.person === x.person).length >= r).map((x) => x.person)).size;
    console.log(`  FAR at ${t} with ${r} references of any photo (${owners} people's): ${accepted}/${scores.impostor.length} = ${pct2(accepted / (scores.impostor.length || 1), 3)} (95% upper bound ${pct(rateUpperBound(accepted, scores.impostor.length))})`);
  }

  // Presentation attacks on the unseen faces large enough for a camera-like frame (the crops, >= 85 px in their source).
  const large = samples.filter((x) => x.unseen && x.large && x.crop);
  const byPerson = new Map<string, Sample[]>();
  for (const x of samples) byPerson.set(x.person, [...(byPerson.get(x.person) ?? []), x]);
  const padFaces: PadFace[] = [];
  for (const x of large) {
    const image = await decodeImage(x.crop!);
    if (image) padFaces.push({ name: x.name, image, references: (byPerson.get(x.person) ?? []).filter((o) => o !== x).slice(0, 3).map((o) => o.e) });
  }
  // `-- --no-pad` skips the presentation attacks (most of the run's time), as in bench:faces.
  const pad = process.argv.includes("--no-pad") ? null : await presentationAttacks(padFaces);
  if (pad) formatPad(pad, matchThreshold, 3).forEach((l) => console.log(l));

  console.log(`Summary at the shipped thresholds (R=1: ${matchThreshold(1)}, R=2: ${matchThreshold(2)}, R>=3: ${matchThreshold(3)}):`);
  if (shipped) console.log(`  unseen faces, 5 gated references, gated captures: FRR first capture ${pct2(shipped.frr1)}, FRR after one retry ${pct2(shipped.frr2)}, FAR ${pct2(shipped.far, 3)}`);
  if (pad) {
    const sp = pad.species;
    const apcer = (c: { attempts: number; accepted: number }) => pct2(c.accepted / (c.attempts || 1));
    console.log(`  APCER still ${apcer(sp.still)}, moved print ${apcer(sp.movedPrint)}, replayed one take ${apcer(sp.replayOneTake)}, looped video ${apcer(sp.replayLoop)} (not stopped); BPCER ${pct2(1 - pad.bonaFide.accepted / (pad.bonaFide.attempts || 1))}`);
  }
}

main().catch((error) => { console.error(error); process.exit(1); });
