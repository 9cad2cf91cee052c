// The student's name and DNI over a document or video, to deter screenshots (beyond the spec). One label per box, never
// a tiling: tiled labels in a phone-narrow box overlapped one another (issue 28) and covered the text they sat on.

export const watermarkLabel = (name: string, dni: string | null) => (dni ? `${name} · ${dni}` : name);

// Geist's average advance at weight 600, in em: what a label of n characters spans.
const CHAR_WIDTH_EM = 0.58;

/** One label along the page's diagonal (a PDF page of `width`×`height` px), as large as it fits in 70% of it. */
export function PageWatermark({ label, width, height }: { label: string; width: number; height: number }) {
  const diagonal = Math.hypot(width, height);
  const fontSize = Math.min((0.7 * diagonal) / (CHAR_WIDTH_EM * Math.max(label.length, 1)), diagonal / 14);
  const angle = -Math.atan2(height, width);
  return (
    <div aria-hidden data-testid="content-watermark" className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center overflow-hidden select-none">
      {/* A PDF page is white in both themes: a fixed dark ink, light enough to read the page through it. */}
      <span
        className="font-semibold whitespace-nowrap text-slate-900/15"
        style={{ fontSize: `${fontSize.toFixed(1)}px`, transform: `rotate(${angle.toFixed(4)}rad)` }}
      >
        {label}
      </span>
    </div>
  );
}

/** One label across the middle of a box whose size only CSS knows (the video): sized in container units. */
export function BoxWatermark({ label }: { label: string }) {
  return (
    <div aria-hidden data-testid="content-watermark" className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center overflow-hidden select-none [container-type:size]">
      <span
        className="-rotate-[20deg] font-semibold whitespace-nowrap text-white/35 [text-shadow:0_0_2px_rgb(0_0_0/0.35)]"
        style={{ fontSize: `min(${(80 / (CHAR_WIDTH_EM * Math.max(label.length, 1))).toFixed(2)}cqw, 12cqh)` }}
      >
        {label}
      </span>
    </div>
  );
}
