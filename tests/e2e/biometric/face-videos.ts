import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { liveSequence, writeY4m, type Action, type Point } from "../../fixtures/face-motion";

// Videos for Chromium's fake camera (--use-file-for-fake-video-capture, played in a loop), made from the fixture
// photos (issue 30 §2): a still photo, and the same photo "alive": sensor noise and sway, a blink (lids warped over the
// eyes) and a head turn to each side (the inner face slid inside its outline), every action once per loop so that any
// challenge order is answered within one loop. Frames are 640x480 (spec §9's attendance camera), letterboxed.

export const FACES_DIR = process.env.FACE_FIXTURES_DIR ?? path.resolve(process.cwd(), "../shared/fixtures/faces");
const W = 640;
const H = 480;
const FPS = 10;
// Turns held for 800 ms (a third of each): on a busy machine the page measures a frame every 300-400 ms. The blink
// stays quick (400 ms closed): the challenge wants open, closed and open again within BLINK_MAX_MS.
const LOOP: Action[] = [
  { kind: "still", ms: 1200 },
  { kind: "blink", ms: 800 },
  { kind: "still", ms: 1000 },
  { kind: "turn", side: "left", ms: 2400 },
  { kind: "still", ms: 1000 },
  { kind: "turn", side: "right", ms: 2400 },
  { kind: "still", ms: 800 },
];

async function frameOf(name: string) {
  const { data, info } = await sharp(readFileSync(path.join(FACES_DIR, name)))
    .resize(W, H, { fit: "contain", background: "#777777" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** The photo unchanged, one second (Chromium loops it): what a printed photo or a screenshot held still shows. */
export async function stillVideo(name: string, file: string): Promise<void> {
  const image = await frameOf(name);
  writeY4m(file, Array.from({ length: FPS }, () => image), FPS);
}

/**
 * The photo with a blink and a turn to each side, ~10 s per loop. Made in a child process under tsx: the face engine
 * (tfjs, face-api) does not load under Playwright's own module loader.
 */
export async function liveVideo(name: string, file: string): Promise<void> {
  execFileSync("npx", ["tsx", path.join(__dirname, "face-videos.ts"), "live", name, file], { stdio: "inherit" });
}

async function makeLiveVideo(name: string, file: string): Promise<void> {
  const { loadFaceEngine } = await import("../../../server/biometrics/face-engine");
  const { detectFaces } = await import("../../../server/biometrics/face-detector");
  const { locateLandmarks } = await import("../../../server/biometrics/face-descriptor");
  const { rankFaces } = await import("../../../server/biometrics/face-analysis");
  await loadFaceEngine();
  const image = await frameOf(name);
  const box = rankFaces(await detectFaces(image))[0];
  if (!box) throw new Error(`no face in ${name}`);
  const landmarks = (await locateLandmarks(image, box)) as Point[];
  writeY4m(file, liveSequence(image, landmarks, LOOP, { fps: FPS, seed: 7 }).map((f) => f.image), FPS);
}

// `npx tsx tests/e2e/biometric/face-videos.ts live <photo> <file.y4m>`
if (process.argv[2] === "live" && process.argv[1]?.endsWith("face-videos.ts")) {
  makeLiveVideo(process.argv[3]!, process.argv[4]!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
