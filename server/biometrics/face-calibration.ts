/**
 * Pure threshold calibration for the face engine (issue 13, "Face verification on unseen faces").
 * Inputs are descriptor distances of genuine (same person) and impostor (different people) pairs;
 * a pair is accepted when its distance is <= threshold, as in compareFaces.
 */

export type Rates = {
  threshold: number;
  far: number; // impostor pairs accepted / impostor pairs
  frr: number; // genuine pairs rejected / genuine pairs
};

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

/**
 * Rates when a failed capture may be retried once (accepted if either capture matches), MODELLED as two
 * independent captures. Real retries are correlated (the same face, light and camera): the true FRR lies
 * between frr^2 and frr, the true FAR between far and this value. Measure with twoAttemptDistances.
 */
export function twoCaptureRates(one: Rates): Rates {
  return { threshold: one.threshold, far: 1 - (1 - one.far) ** 2, frr: one.frr ** 2 };
}

/**
 * MEASURED two-attempt distances: for each reference photo of a person and each pair of two other photos
 * (of the same person: genuine; of another person: impostor), the smaller of the two distances, i.e. what the
 * second capture decides when the first one failed. Feed them to ratesAt. People with too few photos are skipped.
 */
export function twoAttemptDistances<T>(people: T[][], distance: (a: T, b: T) => number): { genuine: number[]; impostor: number[] } {
  const genuine: number[] = [];
  const impostor: number[] = [];
  const eachPair = (xs: T[], f: (a: T, b: T) => void) => {
    for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) f(xs[i], xs[j]);
  };
  people.forEach((photos, p) => {
    photos.forEach((reference, r) => {
      eachPair(photos.filter((_, i) => i !== r), (a, b) => genuine.push(Math.min(distance(reference, a), distance(reference, b))));
      people.forEach((other, q) => {
        if (q !== p) eachPair(other, (a, b) => impostor.push(Math.min(distance(reference, a), distance(reference, b))));
      });
    });
  });
  return { genuine, impostor };
}

/**
 * One-sided upper confidence bound of a rate after `errors` in `trials` (Clopper-Pearson, exact binomial).
 * 0 in n gives 1 - (1 - confidence)^(1/n), about 3/n at 95%. Assumes independent trials: pairs that share a
 * face are not, so the bound is optimistic when few people make many pairs.
 */
export function rateUpperBound(errors: number, trials: number, confidence = 0.95): number {
  if (trials <= 0) return 1;
  if (errors >= trials) return 1;
  // P(X <= errors | p) falls as p grows: bisect for the p where it equals 1 - confidence.
  let lo = errors / trials;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(errors, trials, mid) > 1 - confidence) lo = mid;
    else hi = mid;
  }
  return hi;
}

function binomialCdf(k: number, n: number, p: number): number {
  let term = (1 - p) ** n; // P(X = 0)
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= ((n - i + 1) / i) * (p / (1 - p));
    sum += term;
  }
  return sum;
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
