/**
 * Runs `task` once the browser has painted the current frame, and returns what cancels it. A tap's own answer (a tab
 * shown selected) is then on screen before heavy work it starts (FullCalendar redrawing a week): Interaction to Next
 * Paint counts only the first (issue 28 §8; a switch of view read 216 ms at a phone's CPU with the redraw inside it).
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
