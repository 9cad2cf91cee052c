import { DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP, clampZoom, isFitWidth, stepZoom } from "./zoom";

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

  it("steps from a fitted scale to the grid's next value, never past the range", () => {
    expect(stepZoom(1.5, 1)).toBe(1.75);
    expect(stepZoom(1.5, -1)).toBe(1.25);
    expect(stepZoom(0.62, 1)).toBe(0.75);
    expect(stepZoom(0.62, -1)).toBe(0.5);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.75 + 1e-9, 1)).toBe(1);
  });

  it("opens at 150 % where an A4 page fits at it, at the page's width on a phone", () => {
    expect(isFitWidth(358)).toBe(true); // a 390 px phone's viewer
    expect(isFitWidth(700)).toBe(true); // a tablet, or a laptop's window beside the sidebar
    expect(isFitWidth(1_000)).toBe(false);
  });
});
