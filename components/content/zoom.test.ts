import { DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP, clampZoom } from "./zoom";

describe("PDF zoom (spec 000 §2)", () => {
  it("starts at 1.5 and moves in steps of 0.25 between 0.5 and 3", () => {
    expect([DEFAULT_ZOOM, MIN_ZOOM, MAX_ZOOM, ZOOM_STEP]).toEqual([1.5, 0.5, 3, 0.25]);
    expect(clampZoom(DEFAULT_ZOOM + ZOOM_STEP)).toBe(1.75);
    expect(clampZoom(MAX_ZOOM + ZOOM_STEP)).toBe(3);
    expect(clampZoom(MIN_ZOOM - ZOOM_STEP)).toBe(0.5);
  });

  it("snaps a library-reported scale back onto the step grid", () => {
    expect(clampZoom(1.37)).toBe(1.25);
    expect(clampZoom(1.38)).toBe(1.5);
  });
});
