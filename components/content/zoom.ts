// Spec 000 §2: the PDF viewer zooms from 0.5 to 3 in steps of 0.25, starting at 1.5.
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
export const ZOOM_STEP = 0.25;
export const DEFAULT_ZOOM = 1.5;

// The nearest allowed scale to `next`: on the step grid, inside the range.
export const clampZoom = (next: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(next / ZOOM_STEP) * ZOOM_STEP));

/** The next step of the grid above (direction 1) or below (-1) `scale`, inside the range: from a fitted 62 %, 75 % or 50 %. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const steps = scale / ZOOM_STEP;
  const next = direction > 0 ? Math.floor(steps + 1e-6) + 1 : Math.ceil(steps - 1e-6) - 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next * ZOOM_STEP));
}

// A4's width in PDF points: the page the spec's 150 % is meant for.
const A4_WIDTH = 595;
// What the viewer keeps beside a page (its scroll bar and margins, react-pdf-viewer's own figures).
const PAGE_MARGIN = 17 + 16;

/**
 * The opening scale for a viewer `width` px wide: the spec's 150 % where an A4 page fits at it (a laptop), else the
 * page's width (a phone or a narrow window, issue 28: 150 % cut the page on a phone).
 */
export const isFitWidth = (width: number) => width < DEFAULT_ZOOM * A4_WIDTH + PAGE_MARGIN;
