import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { rankFaces } from "../server/biometrics/face-analysis";
import { detectFaces } from "../server/biometrics/face-detector";
import { loadFaceEngine } from "../server/biometrics/face-engine";
import { decodeImage, type RgbImage } from "../server/biometrics/image";
import { loadGraphModelFromDisk, packageDir, tf } from "../server/biometrics/tf-runtime";
import { faceImages } from "./bench-faces-files";

// `npm run bench:faces:passive` (issue 30 §2, "passive check"): Human's `antispoof` (128×128 → one "real" score) and
// `liveness` (32×32 → [live, not live]) models, fed as Human feeds them (the face box enlarged, cut, scaled to the
// model's input, RGB / 255), on material made here:
// - bona fide: every face photo of the fixtures, as the camera would deliver it (JPEG q92);
// - screen replay: the photo shown on a screen and filmed (RGB sub-pixel stripes, a moiré of the screen's pixel grid
//   against the camera's, gamma and contrast of a backlit panel, a glare band, softened by the camera, JPEG q80);
// - print: the photo printed and filmed (halftone dots, paper white and a narrower gamut, softened, JPEG q80).
// A passive check is worth shipping only if it refuses these at a bona fide refusal rate a classroom can live with.

const FOLDER = path.resolve(process.cwd(), "../shared/fixtures/faces");
/** Human's facemesh box is the detector's box enlarged by this much before the face is cut out. */
const ENLARGE = 1.5;

const jpeg = (img: RgbImage, quality: number) => sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } }).jpeg({ quality }).toBuffer();
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The picture on a backlit screen, filmed: sub-pixel stripes, moiré, panel gamma and contrast, a glare band. */
function screenReplay(img: RgbImage, seed: number): RgbImage {
  const { width: W, height: H, data } = img;
  const out = new Uint8Array(data.length);
  const pitch = 2.6 + (seed % 5) * 0.35; // the screen's pixel pitch in camera pixels
  const angle = 0.03 + (seed % 7) * 0.015;
  const glareAt = ((seed * 37) % 100) / 100;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u = x * Math.cos(angle) + y * Math.sin(angle);
      const v = -x * Math.sin(angle) + y * Math.cos(angle);
      const phase = (u / pitch) % 1;
      const row = 0.88 + 0.12 * Math.cos((2 * Math.PI * v) / pitch);
      const glare = 38 * Math.exp(-(((x / W - glareAt) * 4) ** 2));
      for (let c = 0; c < 3; c++) {
        const stripe = 0.72 + 0.28 * Math.max(0, Math.cos(2 * Math.PI * (phase - c / 3)));
        const value = 255 * Math.pow(data[(y * W + x) * 3 + c] / 255, 0.85) * 0.9 + 18;
        out[(y * W + x) * 3 + c] = clamp(value * stripe * row + glare);
      }
    }
  }
  return { data: out, width: W, height: H };
}

/** The picture printed and filmed: halftone dots, paper white, a narrower gamut. */
function print(img: RgbImage, seed: number): RgbImage {
  const { width: W, height: H, data } = img;
  const out = new Uint8Array(data.length);
  const cell = 3 + (seed % 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = ((x % cell) - cell / 2 + 0.5) / (cell / 2);
      const dy = ((y % cell) - cell / 2 + 0.5) / (cell / 2);
      const r = Math.min(1, Math.hypot(dx, dy) / Math.SQRT2);
      for (let c = 0; c < 3; c++) {
        const ink = 1 - data[(y * W + x) * 3 + c] / 255; // share of the cell covered by ink
        const covered = r < Math.sqrt(ink) ? 1 : 0;
        const paper = [244, 240, 228][c];
        out[(y * W + x) * 3 + c] = clamp(paper * (1 - 0.8 * covered) + 10);
      }
    }
  }
  return { data: out, width: W, height: H };
}

async function filmed(img: RgbImage): Promise<Buffer> {
  const softened = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } }).blur(0.8).raw().toBuffer();
  return jpeg({ data: new Uint8Array(softened), width: img.width, height: img.height }, 80);
}

async function main() {
  await loadFaceEngine();
  const models = path.join(packageDir("@vladmandic/human"), "models");
  const antispoof = await loadGraphModelFromDisk(path.join(models, "antispoof.json"));
  const liveness = await loadGraphModelFromDisk(path.join(models, "liveness.json"));

  /** Human's two scores for the main face of a frame, or null without a face. */
  const scores = async (bytes: Buffer): Promise<{ real: number; live: number } | null> => {
    const image = await decodeImage(bytes);
    if (!image) return null;
    const [box] = rankFaces(await detectFaces(image));
    if (!box) return null;
    const side = Math.max(box.width, box.height) * ENLARGE;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const boxes = [[(cy - side / 2) / image.height, (cx - side / 2) / image.width, (cy + side / 2) / image.height, (cx + side / 2) / image.width]];
    return tf.tidy(() => {
      const frame = tf.tensor4d(image.data, [1, image.height, image.width, 3], "int32").toFloat();
      const cut = (size: number) => tf.div(tf.image.cropAndResize(frame as tf.Tensor4D, boxes, [0], [size, size]), 255);
      const real = (antispoof.execute(cut(128)) as tf.Tensor).dataSync()[0];
      const live = (liveness.execute(cut(32)) as tf.Tensor).dataSync()[0];
      return { real, live };
    });
  };

  const files = faceImages(FOLDER);
  const bona: { real: number; live: number }[] = [];
  const attacks: Record<"screen" | "print", { real: number; live: number }[]> = { screen: [], print: [] };
  for (const [i, file] of files.entries()) {
    const original = await decodeImage(readFileSync(file));
    if (!original) continue;
    const genuine = await scores(await jpeg(original, 92));
    if (!genuine) continue;
    bona.push(genuine);
    for (const [kind, make] of [["screen", screenReplay], ["print", print]] as const) {
      const attack = await filmed(make(original, i));
      // PASSIVE_SAMPLES=<folder> keeps the first images made, to look at.
      if (process.env.PASSIVE_SAMPLES && i < 3) {
        mkdirSync(process.env.PASSIVE_SAMPLES, { recursive: true });
        writeFileSync(path.join(process.env.PASSIVE_SAMPLES, `${i}-${kind}.jpg`), attack);
      }
      const s = await scores(attack);
      if (s) attacks[kind].push(s);
    }
  }

  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.round(p * (xs.length - 1))];
  const fmt = (xs: number[]) => `min ${q(xs, 0).toFixed(2)} p5 ${q(xs, 0.05).toFixed(2)} median ${q(xs, 0.5).toFixed(2)} p95 ${q(xs, 0.95).toFixed(2)} max ${q(xs, 1).toFixed(2)}`;
  console.log(`Passive checks on ${bona.length} fixture faces (bona fide) and their screen replays (${attacks.screen.length}) and prints (${attacks.print.length}), material made here`);
  for (const key of ["real", "live"] as const) {
    const model = key === "real" ? "antispoof (real)" : "liveness (live)";
    console.log(`${model}: bona fide ${fmt(bona.map((s) => s[key]))}`);
    for (const kind of ["screen", "print"] as const) console.log(`${"".padEnd(model.length)}  ${kind.padEnd(9)} ${fmt(attacks[kind].map((s) => s[key]))}`);
    // A face counts as live when its score is at least t. BPCER: bona fide refused; APCER: attacks accepted.
    for (const t of [0.3, 0.5, 0.7, 0.9]) {
      const bpcer = bona.filter((s) => s[key] < t).length / bona.length;
      const apcer = (kind: "screen" | "print") => attacks[kind].filter((s) => s[key] >= t).length / (attacks[kind].length || 1);
      console.log(`${"".padEnd(model.length)}  at ${t}: BPCER ${(100 * bpcer).toFixed(1)} %, APCER screen ${(100 * apcer("screen")).toFixed(1)} %, print ${(100 * apcer("print")).toFixed(1)} %`);
    }
    // The best this score can do here: the threshold with the lowest APCER (both species) while BPCER <= 10 %.
    const candidates = [...new Set(bona.map((s) => s[key]))].sort((a, b) => a - b);
    let best: { t: number; bpcer: number; apcer: number } | null = null;
    for (const t of candidates) {
      const bpcer = bona.filter((s) => s[key] < t).length / bona.length;
      if (bpcer > 0.1) break;
      const all = [...attacks.screen, ...attacks.print];
      const apcer = all.filter((s) => s[key] >= t).length / (all.length || 1);
      if (!best || apcer < best.apcer) best = { t, bpcer, apcer };
    }
    if (best) console.log(`${"".padEnd(model.length)}  best with BPCER <= 10 %: t=${best.t.toFixed(3)} BPCER ${(100 * best.bpcer).toFixed(1)} %, APCER ${(100 * best.apcer).toFixed(1)} %`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
