// The first document's wait on a phone was the viewer's code (~0.3 MB) and pdf.js's worker, each fetched and compiled
// after the tap (~1 s each at a phone's CPU, issue 28). Both start while the student reads the list of documents: the
// viewer's chunk by <PdfWarmUp /> (content-viewer.tsx, the same import next/dynamic makes for the viewer) and the
// worker here (pdf-worker.ts, by dynamic import: the library's first screen and the videos never bring it), which then
// serves every document of the visit.
let isStarted = false;

export function startPdfWorkerEarly() {
  if (isStarted) return;
  isStarted = true;
  // A failure here is met again, and shown, when the viewer itself opens a document.
  void import("./pdf-worker").then((m) => m.pdfWorkerPort()).catch(() => {});
}

export function stopPdfWorker() {
  if (!isStarted) return;
  isStarted = false;
  void import("./pdf-worker").then((m) => m.releasePdfWorker()).catch(() => {});
}
