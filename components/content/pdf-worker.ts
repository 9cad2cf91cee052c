// pdf.js's worker (1 MB: the PDF parser), started before the first document is tapped and shared by every document
// opened afterwards. The bundler builds it as a worker entry from the pdfjs-dist version the viewer imports, into
// /_next/static/chunks/ with content hashes, so browsers keep it for a year and a new version gets new names.
let port: Worker | null = null;

/** The running worker, started on first use. */
export function pdfWorkerPort(): Worker {
  return (port ??= new Worker(new URL("pdfjs-dist/build/pdf.worker.min.js", import.meta.url), { name: "pdfjs" }));
}

/** Ends the worker (the student left the library); a later document starts a new one. */
export function releasePdfWorker() {
  port?.terminate();
  port = null;
}
