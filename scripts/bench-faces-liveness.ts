import crypto from "node:crypto";
import sharp from "sharp";
import { evaluateChallenge, LIVENESS_TIME_LIMIT_MS, type ChallengeStep, type Observation } from "../lib/cap/liveness";
import type { RgbImage } from "../server/biometrics/image";
import { actionsFor, liveSequence, movedPrintSequence, stillSequence, type Action, type Frame, type Point } from "../tests/fixtures/face-motion";
import { pct } from "./bench-faces-protocol";

// Presentation attacks of `npm run bench:faces` / `bench:faces:unseen` (issue 30 §2), in ISO/IEC 30107-3 terms:
// APCER = share of attack presentations accepted (per attack species), BPCER = share of bona fide presentations
// refused. Every frame goes through the server's own path: JPEG as the browser sends it -> analyseFrame -> sealed
// observation -> checkLiveness. The material is made from each still photo by tests/fixtures/face-motion.ts; the bona
// fide presentations are synthetic (a warped blink and head turn), not recordings of people: see docs/face-engine.md.

const ORDERS: ChallengeStep[][] = [
  ["blink", "turn-left"],
  ["turn-right", "blink"],
  ["turn-left", "blink"],
  ["blink", "turn-right"],
];
const FPS = 5;
/** The recording an attacker could loop: every action the challenge can ask, once each. */
const LOOP: Action[] = [
  { kind: "still", ms: 1200 },
  { kind: "blink", ms: 700 },
  { kind: "still", ms: 1000 },
  { kind: "turn", side: "left", ms: 1500 },
  { kind: "still", ms: 1000 },
  { kind: "turn", side: "right", ms: 1500 },
  { kind: "still", ms: 1000 },
];

export type PadFace = { name: string; image: RgbImage; references: number[][] };
type Counter = { attempts: number; accepted: number };
export type PadReport = {
  faces: number;
  unusable: string[];
  bonaFide: Counter & { frontal: Counter; refusedNames: string[] };
  species: Record<"still" | "movedPrint" | "replayOneTake" | "replayLoop", Counter>;
  /** Distance of the bona fide capture to the person's other photos: the best-quality frame alone vs the fused match frames. */
  frameFusion: { single: number; fused: number }[];
  frameMs: { plain: number[]; described: number[] };
};

export async function presentationAttacks(faces: PadFace[], log: (line: string) => void = () => {}): Promise<PadReport> {
  const engine = await import("../server/biometrics/face-engine");
  const { detectFaces } = await import("../server/biometrics/face-detector");
  const { locateLandmarks } = await import("../server/biometrics/face-descriptor");
  const { rankFaces } = await import("../server/biometrics/face-analysis");
  const { sealObservation } = await import("../server/biometrics/liveness-seal");
  const { checkLiveness } = await import("../server/biometrics/liveness-check");
  const { fusedDistance } = await import("../server/biometrics/face-fusion");
  await engine.loadFaceEngine();
  const key = crypto.randomBytes(32);

  const report: PadReport = {
    faces: faces.length,
    unusable: [],
    bonaFide: { attempts: 0, accepted: 0, frontal: { attempts: 0, accepted: 0 }, refusedNames: [] },
    species: { still: { attempts: 0, accepted: 0 }, movedPrint: { attempts: 0, accepted: 0 }, replayOneTake: { attempts: 0, accepted: 0 }, replayLoop: { attempts: 0, accepted: 0 } },
    frameFusion: [],
    frameMs: { plain: [], described: [] },
  };
  const cache = new Map<string, Awaited<ReturnType<typeof engine.analyseFrame>>>();
  /** Analyses frames as the server does; identical bytes (a still) give identical results, analysed once. */
  const analyse = async (frames: Frame[], describe: boolean) => {
    const out: { at: number; face: Observation["face"]; descriptor: number[] | null }[] = [];
    for (const frame of frames) {
      const bytes = await sharp(Buffer.from(frame.image.data), { raw: { width: frame.image.width, height: frame.image.height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
      const hash = crypto.createHash("sha1").update(bytes).digest("hex") + describe;
      let result = cache.get(hash);
      if (!result) {
        const start = performance.now();
        result = await engine.analyseFrame(bytes, { describe });
        const ms = performance.now() - start;
        (result.ok && result.face?.descriptor ? report.frameMs.described : report.frameMs.plain).push(ms);
        cache.set(hash, result);
      }
      const f = result.ok ? result.face : null;
      out.push({ at: frame.at, face: f && { box: f.box, yaw: f.yaw, eyes: f.eyes, good: f.good, quality: f.quality, described: f.descriptor !== null }, descriptor: f?.descriptor ?? null });
    }
    return out;
  };
  /** One presentation against one challenge, through sealing and the server's check. */
  const presented = (analysed: Awaited<ReturnType<typeof analyse>>, steps: ChallengeStep[]) => {
    const issuedAt = 1_000_000;
    const id = crypto.randomBytes(8).toString("hex");
    const sealed = analysed.map((a, n) => sealObservation(id, { n, t: issuedAt + 100 + a.at, face: a.face, descriptor: a.descriptor }, key));
    const challenge = { id, purpose: "attendance" as const, tenantId: "t", userId: "u", studentId: "s", capSessionId: "c", type: "in" as const, steps, issuedAt, expiresAt: issuedAt + 90_000 };
    return checkLiveness(challenge, sealed, issuedAt + LIVENESS_TIME_LIMIT_MS + 1, key);
  };
  const count = (c: Counter, ok: boolean) => {
    c.attempts++;
    if (ok) c.accepted++;
  };

  for (const [i, face] of faces.entries()) {
    const box = rankFaces(await detectFaces(face.image))[0];
    if (!box) {
      report.unusable.push(face.name);
      continue;
    }
    const lm = (await locateLandmarks(face.image, box)) as Point[];
    const steps = ORDERS[i % ORDERS.length];
    const source = await analyse([{ image: face.image, at: 0 }], false);
    const frontal = source[0].face?.good === true;

    const bona = await analyse(liveSequence(face.image, lm, actionsFor(steps), { fps: FPS, seed: i + 1 }), true);
    const verdict = presented(bona, steps);
    count(report.bonaFide, verdict.ok);
    if (frontal) count(report.bonaFide.frontal, verdict.ok);
    if (!verdict.ok) report.bonaFide.refusedNames.push(`${face.name}${frontal ? "" : " (source photo not frontal)"}: ${verdict.reason} ${JSON.stringify(verdict.details)}`);
    if (verdict.ok && face.references.length > 0) {
      // The match frames come best quality first: the first alone is what a single best frame would decide.
      const frames = verdict.frames as number[][];
      report.frameFusion.push({ single: fusedDistance([frames[0]], face.references), fused: fusedDistance(frames, face.references) });
    }
    // The same recording replayed when the challenge asks for another order or side.
    for (const other of ORDERS.filter((o) => o.join() !== steps.join())) count(report.species.replayOneTake, presented(bona, other).ok);

    const still = await analyse(stillSequence(face.image, LIVENESS_TIME_LIMIT_MS, FPS), false);
    count(report.species.still, presented(still, steps).ok);

    const moved = await analyse(movedPrintSequence(face.image, 15_000, { fps: FPS, seed: i + 11 }), true);
    for (const order of ORDERS) count(report.species.movedPrint, presented(moved, order).ok);

    const loop = await analyse(liveSequence(face.image, lm, [...LOOP, ...LOOP], { fps: FPS, seed: i + 21 }), true);
    for (const order of ORDERS) count(report.species.replayLoop, presented(loop, order).ok);
    log(`  ${face.name}: bona fide ${verdict.ok ? "accepted" : "REFUSED"}${frontal ? "" : " (source not frontal)"}`);
  }
  return report;
}

const rate = (c: Counter, accepted: boolean) => (c.attempts ? (accepted ? c.accepted : c.attempts - c.accepted) / c.attempts : Number.NaN);

export function formatPad(r: PadReport, threshold: (refs: number) => number, referencesPerFace = 1): string[] {
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))] ?? Number.NaN;
  const t = threshold(referencesPerFace);
  const ff = r.frameFusion;
  return [
    `Presentation attacks (ISO/IEC 30107-3), ${r.faces} source photos${r.unusable.length ? `, ${r.unusable.length} without a face` : ""}; material made here from each photo (tests/fixtures/face-motion.ts):`,
    `  BPCER (synthetic live sequences, challenge in a random order): ${pct(rate(r.bonaFide, false))} (${r.bonaFide.attempts - r.bonaFide.accepted}/${r.bonaFide.attempts}); ` +
      `on source photos that pass the quality gates themselves: ${pct(rate(r.bonaFide.frontal, false))} (${r.bonaFide.frontal.attempts - r.bonaFide.frontal.accepted}/${r.bonaFide.frontal.attempts})`,
    `  APCER still photo (the fake camera fed one image):            ${pct(rate(r.species.still, true))} (${r.species.still.accepted}/${r.species.still.attempts})`,
    `  APCER printed photo moved, tilted +-35 deg, 15 s:             ${pct(rate(r.species.movedPrint, true))} (${r.species.movedPrint.accepted}/${r.species.movedPrint.attempts})`,
    `  APCER replay of one live take when another order/side is asked: ${pct(rate(r.species.replayOneTake, true))} (${r.species.replayOneTake.accepted}/${r.species.replayOneTake.attempts})`,
    `  APCER replay of a looped video with every action (NOT stopped): ${pct(rate(r.species.replayLoop, true))} (${r.species.replayLoop.accepted}/${r.species.replayLoop.attempts})`,
    ...r.bonaFide.refusedNames.map((n) => `    refused bona fide: ${n}`),
    ff.length
      ? `  Frame fusion on the accepted live sequences vs the person's other photos (${ff.length}; t=${t}): best-quality frame alone FRR ${pct(ff.filter((x) => x.single > t).length / ff.length)}, ` +
        `fused match frames FRR ${pct(ff.filter((x) => x.fused > t).length / ff.length)}; median distance ${q(ff.map((x) => x.single), 0.5).toFixed(3)} -> ${q(ff.map((x) => x.fused), 0.5).toFixed(3)}`
      : "  Frame fusion: no accepted sequence with references",
    `  Frame analysis (server, per frame, warm): median ${q(r.frameMs.plain, 0.5).toFixed(0)} ms without descriptor (n=${r.frameMs.plain.length}), ${q(r.frameMs.described, 0.5).toFixed(0)} ms with (n=${r.frameMs.described.length})`,
  ];
}
