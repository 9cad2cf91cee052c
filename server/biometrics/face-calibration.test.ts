import { chooseThreshold, equalErrorRate, rateUpperBound, ratesAt, twoAttemptDistances, twoCaptureRates } from "./face-calibration";

// Synthetic distances: genuine pairs cluster low, impostor pairs high, with a small overlap.
const genuine = [0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.52, 0.56, 0.6, 0.62];
const impostor = [0.5, 0.58, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.05];

describe("face calibration", () => {
  it("counts FAR and FRR with accept when distance <= threshold", () => {
    expect(ratesAt(genuine, impostor, 0.5)).toEqual({ threshold: 0.5, far: 0.1, frr: 0.4 });
    expect(ratesAt(genuine, impostor, 0.49)).toEqual({ threshold: 0.49, far: 0, frr: 0.5 });
    expect(ratesAt([], [], 0.5)).toEqual({ threshold: 0.5, far: 0, frr: 0 });
  });

  it("models a retry: FAR2 = 1-(1-FAR)^2, FRR2 = FRR^2", () => {
    const two = twoCaptureRates({ threshold: 0.5, far: 0.1, frr: 0.4 });
    expect(two.far).toBeCloseTo(0.19);
    expect(two.frr).toBeCloseTo(0.16);
  });

  it("finds the equal error rate", () => {
    const r = equalErrorRate(genuine, impostor);
    expect(Math.abs(r.far - r.frr)).toBeLessThanOrEqual(0.1);
    expect(r.eer).toBeGreaterThan(0);
  });

  it("chooses the largest threshold with FAR under target and a margin below the closest impostor", () => {
    const r = chooseThreshold(genuine, impostor, { targetFar: 0.001, margin: 0.02 });
    expect(r).not.toBeNull();
    expect(r!.far).toBe(0);
    expect(r!.threshold + 0.02).toBeLessThan(0.5);
    expect(r!.threshold).toBeGreaterThanOrEqual(0.47);
  });

  it("never returns a threshold accepting an impostor, also counting the retry", () => {
    const r = chooseThreshold(genuine, impostor, { targetFar: 0.001, attempts: 2 });
    expect(r!.far).toBeLessThanOrEqual(0.001);
    expect(impostor.every((d) => d > r!.threshold)).toBe(true);
  });
});

describe("two attempts, measured", () => {
  // People as points on a line: distance = |a - b|.
  const people = [[0, 0.1, 0.5], [2, 2.05], [5]];
  const { genuine, impostor } = twoAttemptDistances(people, (a, b) => Math.abs(a - b));

  it("takes, per reference, the better of two other photos of the same person", () => {
    // Only the first person has 3 photos: refs 0 (0.1 | 0.5), 0.1 (0.1 | 0.4), 0.5 (0.5 | 0.4).
    expect(genuine.map((d) => Number(d.toFixed(3))).sort()).toEqual([0.1, 0.1, 0.4]);
  });

  it("takes, per reference, the better of two photos of another person", () => {
    // Person 0 has 3 pairs of photos, person 1 has 1: refs of 0 see 1 pair, refs of 1 see 3, the ref of 2 sees 4.
    expect(impostor).toHaveLength(3 * 1 + 2 * 3 + 1 * 4);
    expect(Math.min(...impostor)).toBeCloseTo(1.5); // ref 0.5 vs {2, 2.05}
  });

  it("measures more retry failures than the independent model when the reference itself is bad", () => {
    // One far-off reference photo (0) fails with every capture, retry included.
    const photos = [0, 0.6, 0.61, 0.62, 0.63];
    const line = (a: number, b: number) => Math.abs(a - b);
    const single: number[] = [];
    photos.forEach((a, i) => photos.slice(i + 1).forEach((b) => single.push(line(a, b))));
    const one = ratesAt(single, [], 0.5);
    expect(one.frr).toBeCloseTo(0.4);
    expect(twoCaptureRates(one).frr).toBeCloseTo(0.16);
    expect(ratesAt(twoAttemptDistances([photos], line).genuine, [], 0.5).frr).toBeCloseTo(0.2);
  });
});

describe("rate upper bound", () => {
  it("gives about 3/n for no errors at 95%", () => {
    expect(rateUpperBound(0, 3000)).toBeCloseTo(1 - 0.05 ** (1 / 3000), 6);
    expect(rateUpperBound(0, 3000)).toBeLessThan(0.001);
    expect(rateUpperBound(0, 1000)).toBeGreaterThan(0.0029);
  });

  it("matches the exact binomial bound with errors, and never undercuts the observed rate", () => {
    expect(rateUpperBound(1, 100)).toBeCloseTo(0.0466, 3); // Clopper-Pearson, one-sided 95%
    expect(rateUpperBound(6, 10064)).toBeGreaterThan(6 / 10064);
    expect(rateUpperBound(5, 5)).toBe(1);
    expect(rateUpperBound(0, 0)).toBe(1);
  });
});
