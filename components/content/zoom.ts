// Spec 000 §2: the PDF viewer zooms from 0.5 to 3 in steps of 0.25, starting at 1.5.
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
export const ZOOM_STEP = 0.25;
export const DEFAULT_ZOOM = 1.5;

// The nearest allowed scale to `next`: on the step grid, inside the range.
export const clampZoom = (next: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(next / ZOOM_STEP) * ZOOM_STEP));
