import { decide, distance, fusedDistance, MATCH_THRESHOLDS, matchThreshold, spread } from "./face-fusion";

// Score fusion across frames and references (issue 30 §1) and the thresholds by number of references.

/** A descriptor at distance `d` from the origin descriptor along one axis. */
const at = (d: number, axis = 0) => Array.from({ length: 128 }, (_, i) => (i === axis ? d : 0));
const origin = at(0);

describe("score fusion", () => {
  it("measures euclidean distance and never matches a malformed descriptor", () => {
    expect(distance(at(0.3), origin)).toBeCloseTo(0.3);
    expect(distance(at(0.3).slice(1), origin)).toBe(Infinity);
    expect(distance([...at(0.3).slice(1), Number.NaN], origin)).toBe(Infinity);
    expect(decide([at(0.1).slice(2)], [origin]).isMatch).toBe(false);
  });

  it("averages each frame's mean distance to all references", () => {
    // Frame 1: 0.2 and 0.4 from the references -> 0.3; frame 2: 0.4 and 0.2 -> 0.3.
    const references = [at(0.2, 1), at(0.4, 1)];
    expect(fusedDistance([origin, origin], references)).toBeCloseTo(0.3);
    expect(fusedDistance([at(0.6, 1)], references)).toBeCloseTo((0.4 + 0.2) / 2);
    expect(fusedDistance([], references)).toBe(Infinity);
    expect(fusedDistance([origin], [])).toBe(Infinity);
  });

  it("does not let one lucky frame or reference decide: a mean, not a minimum", () => {
    const references = [origin, at(0.9, 1), at(0.9, 2)];
    expect(fusedDistance([origin], references)).toBeGreaterThan(0.5);
  });

  it("uses the threshold calibrated for the number of references, the single one as before issue 30", () => {
    expect(matchThreshold(1)).toBe(0.46);
    expect(matchThreshold(2)).toBe(MATCH_THRESHOLDS[2]);
    expect(matchThreshold(5)).toBe(MATCH_THRESHOLDS[3]);
    expect(matchThreshold(0)).toBe(-Infinity);
    const d = (MATCH_THRESHOLDS[1] + MATCH_THRESHOLDS[3]) / 2;
    expect(decide([at(d)], [origin]).isMatch).toBe(false);
    expect(decide([at(d)], [origin, origin, origin])).toMatchObject({ isMatch: true, references: 3, frames: 1 });
  });

  it("measures how far apart the frames of one capture are", () => {
    expect(spread([origin])).toBe(0);
    expect(spread([origin, at(0.2), at(0.7, 3)])).toBeCloseTo(Math.hypot(0.2, 0.7));
  });
});
