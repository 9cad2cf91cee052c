import { chooseThreshold, equalErrorRate, ratesAt, twoCaptureRates } from "./face-calibration";

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
