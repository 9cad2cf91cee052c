/**
 * Pure threshold calibration for the face engine (issue 13, "Face verification on unseen faces").
 * Inputs are descriptor distances of genuine (same person) and impostor (different people) pairs;
 * a pair is accepted when its distance is <= threshold, as in compareFaces.
 */

export interface Rates {
  threshold: number;
  far: number; // impostor pairs accepted / impostor pairs
  frr: number; // genuine pairs rejected / genuine pairs
}

/** FAR and FRR of one capture at `threshold`. */
export function ratesAt(genuine: number[], impostor: number[], threshold: number): Rates {
  const accepted = impostor.filter((d) => d <= threshold).length;
  const rejected = genuine.filter((d) => d > threshold).length;
  return {
    threshold,
    far: impostor.length ? accepted / impostor.length : 0,
    frr: genuine.length ? rejected / genuine.length : 0,
  };
}

/** Rates when a failed capture may be retried once: accepted if either capture matches. */
export function twoCaptureRates(one: Rates): Rates {
  return { threshold: one.threshold, far: 1 - (1 - one.far) ** 2, frr: one.frr ** 2 };
}

/** Equal error rate: the point of the threshold grid where |FAR - FRR| is smallest. */
export function equalErrorRate(genuine: number[], impostor: number[], step = 0.005): Rates & { eer: number } {
  let best = ratesAt(genuine, impostor, 0);
  for (let t = 0; t <= 1.5; t += step) {
    const r = ratesAt(genuine, impostor, round(t));
    if (Math.abs(r.far - r.frr) < Math.abs(best.far - best.frr)) best = r;
  }
  return { ...best, eer: (best.far + best.frr) / 2 };
}

/**
 * The largest threshold whose FAR stays <= targetFar with the retry counted (attempts captures),
 * and still does at threshold + margin (a safety margin for unseen faces). Returns null when none does.
 */
export function chooseThreshold(
  genuine: number[],
  impostor: number[],
  { targetFar = 0.001, margin = 0.02, attempts = 1, step = 0.005 } = {},
): Rates | null {
  let chosen: Rates | null = null;
  for (let t = 0; t <= 1.5; t += step) {
    const threshold = round(t);
    const one = ratesAt(genuine, impostor, threshold);
    const r = attempts === 2 ? twoCaptureRates(one) : one;
    const withMargin = ratesAt(genuine, impostor, threshold + margin);
    const marginFar = attempts === 2 ? twoCaptureRates(withMargin).far : withMargin.far;
    if (r.far <= targetFar && marginFar <= targetFar) chosen = r;
    else break;
  }
  return chosen;
}

const round = (t: number) => Math.round(t * 1000) / 1000;
