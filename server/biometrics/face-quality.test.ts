import { assessQuality, type FaceMetrics, GUIDANCE, normalisedOpenness, poseOf, QUALITY, sharpnessAndBrightness } from "./face-quality";
import type { Point } from "./face-detector";

// The quality gates of a frame (best of N frames, issue 30 §1) and the guidance they give, on measured values.

const good: FaceMetrics = {
  faces: 1,
  frameWidth: 640,
  frameHeight: 480,
  box: { x: 220, y: 120, width: 200, height: 200 },
  eyeDistance: 70,
  yaw: 0.05,
  pitch: 0.5,
  roll: 2,
  eyeOpenness: 0.3,
  sharpness: 60,
  brightness: 130,
};

describe("quality gates", () => {
  it("passes a frontal, sharp, well-lit face of a good size, with no guidance", () => {
    const report = assessQuality(good);
    expect(report).toMatchObject({ good: true, guidance: null });
    expect(Object.values(report.gates).every(Boolean)).toBe(true);
    expect(report.score).toBeGreaterThan(0.8);
  });

  it.each([
    ["two faces", { faces: 2 }, GUIDANCE.single],
    ["a face too small", { eyeDistance: QUALITY.minEyeDistance - 1 }, "Acércate"],
    ["a face out of the frame", { box: { x: 500, y: 120, width: 200, height: 200 } }, "Aléjate"],
    ["a dark face", { brightness: 30 }, "Más luz"],
    ["a face against the light", { brightness: 240 }, GUIDANCE.bright],
    ["a face turned aside", { yaw: 0.45 }, "Mira a la cámara"],
    ["a face looking down", { pitch: 0.8 }, "Mira a la cámara"],
    ["a tilted head", { roll: 30 }, "Mira a la cámara"],
    ["closed eyes", { eyeOpenness: 0.1 }, GUIDANCE.eyesOpen],
    ["a blurred frame", { sharpness: 3 }, GUIDANCE.sharp],
  ])("refuses %s and says what to do", (_, change, guidance) => {
    const report = assessQuality({ ...good, ...change });
    expect(report.good).toBe(false);
    expect(report.guidance).toBe(guidance);
  });

  it("asks for the most basic fix first: come closer before more light", () => {
    expect(assessQuality({ ...good, eyeDistance: 20, brightness: 20, yaw: 0.6 }).guidance).toBe("Acércate");
  });

  it("ranks a frontal sharp frame above a slightly turned, softer one", () => {
    expect(assessQuality(good).score).toBeGreaterThan(assessQuality({ ...good, yaw: 0.25, sharpness: 15 }).score);
  });
});

/** 68 iBUG points of a schematic frontal face, centred on (cx, cy), eyes `eye` apart, turned by `shift` of the nose. */
function face68({ cx = 300, cy = 240, eye = 60, shift = 0, angle = 0 } = {}): Point[] {
  const pts: Point[] = Array.from({ length: 68 }, () => [cx, cy]);
  const set = (i: number, x: number, y: number) => (pts[i] = [cx + x, cy + y]);
  for (let i = 0; i <= 16; i++) set(i, -1.2 * eye + (2.4 * eye * i) / 16, -0.2 * eye + Math.sin((i / 16) * Math.PI) * 1.5 * eye);
  for (let i = 36; i < 42; i++) set(i, -eye / 2 + 0.2 * eye * Math.cos((i - 36) * (Math.PI / 3)), -0.35 * eye + 0.08 * eye * Math.sin((i - 36) * (Math.PI / 3)));
  for (let i = 42; i < 48; i++) set(i, eye / 2 + 0.2 * eye * Math.cos((i - 42) * (Math.PI / 3)), -0.35 * eye + 0.08 * eye * Math.sin((i - 42) * (Math.PI / 3)));
  for (let i = 27; i <= 35; i++) set(i, shift, -0.3 * eye + (i - 27) * 0.08 * eye);
  set(30, shift, 0.15 * eye);
  for (let i = 48; i < 68; i++) set(i, 0.3 * eye * Math.cos(((i - 48) / 20) * 2 * Math.PI) + 0.5 * shift, 0.55 * eye + 0.1 * eye * Math.sin(((i - 48) / 20) * 2 * Math.PI));
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return pts.map(([x, y]) => [cx + c * (x - cx) - s * (y - cy), cy + s * (x - cx) + c * (y - cy)]);
}

describe("pose from the landmarks", () => {
  it("reads a frontal face as frontal, whatever its size, place and roll", () => {
    const a = poseOf(face68());
    const b = poseOf(face68({ cx: 100, cy: 90, eye: 30, angle: 0.3 }));
    expect(Math.abs(a.yaw)).toBeLessThan(0.02);
    expect(b.yaw).toBeCloseTo(a.yaw, 3);
    expect(b.pitch).toBeCloseTo(a.pitch, 3);
    expect(b.roll).toBeCloseTo((0.3 * 180) / Math.PI, 1);
    expect(a.eyeDistance).toBeCloseTo(60, 0);
  });

  it("gives the sign of a turn: the nose towards the image's left is a turn to the person's right (+)", () => {
    expect(poseOf(face68({ shift: -15 })).yaw).toBeGreaterThan(0.15);
    expect(poseOf(face68({ shift: 15 })).yaw).toBeLessThan(-0.15);
  });

  it("keeps yaw and normalised eye openness when the face is squashed like a tilted photo", () => {
    const squash = (k: number, axis: 0 | 1) => face68().map((p) => (axis === 0 ? [300 + (p[0] - 300) * k, p[1]] : [p[0], 240 + (p[1] - 240) * k]) as Point);
    const base = poseOf(face68());
    const tiltedAside = poseOf(squash(0.8, 0));
    const tiltedBack = poseOf(squash(0.8, 1));
    expect(tiltedAside.yaw).toBeCloseTo(base.yaw, 5);
    // EAR shrinks with the vertical squash; the normalised openness does not.
    expect(normalisedOpenness(0.3 * 0.8, tiltedBack.eyeDistance, tiltedBack.eyesToMouth)).toBeCloseTo(normalisedOpenness(0.3, base.eyeDistance, base.eyesToMouth), 5);
  });
});

describe("sharpness and light", () => {
  const size = 32;
  it("finds edges sharp and a flat patch blurred, and measures the mean level", () => {
    const checker = Uint8Array.from({ length: size * size }, (_, i) => ((i % size) + Math.floor(i / size)) % 2 ? 200 : 40);
    const flat = new Uint8Array(size * size).fill(90);
    expect(sharpnessAndBrightness(checker, size).sharpness).toBeGreaterThan(1000);
    expect(sharpnessAndBrightness(flat, size)).toEqual({ sharpness: 0, brightness: 90 });
  });
});
