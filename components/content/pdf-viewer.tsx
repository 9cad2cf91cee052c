"use client";

import { SpecialZoomLevel, Viewer, type PdfJs, type Plugin } from "@react-pdf-viewer/core";
import { zoomPlugin } from "@react-pdf-viewer/zoom";
import "@react-pdf-viewer/core/lib/styles/index.css";
import { Minus, Plus } from "lucide-react";
import { GlobalWorkerOptions, PDFWorker } from "pdfjs-dist";
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ViewerError } from "./content-status";
import { pdfWorkerPort } from "./pdf-worker";
import { PageWatermark } from "./watermark";
import { DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM, isFitWidth, stepZoom } from "./zoom";

// react-pdf-viewer 3.12 makes a new PDFWorker for every document (a Web Worker that fetches and compiles pdf.js's 1 MB
// parser: ~1 s at a phone's CPU) before `transformGetDocumentParams` runs. We hand pdf.js the worker started while the
// student chose the document (pdf-worker.ts) instead, and point the library's own at a script that ends at once, so
// that throwaway costs nothing. (The library reads this global when it builds its worker; blob: workers are allowed
// by the Content-Security-Policy's worker-src.)
if (typeof window !== "undefined") {
  GlobalWorkerOptions.workerSrc = URL.createObjectURL(new Blob(["self.close()"], { type: "text/javascript" }));
}

// (The library's own stays alive until the viewer unmounts, when the library destroys it: it reads its `destroyed` flag
// to decide whether a failed document shows its error.)
function documentParams(options: PdfJs.GetDocumentParams): PdfJs.GetDocumentParams {
  return {
    ...options,
    worker: PDFWorker.fromPort({ port: pdfWorkerPort() }),
    // CVE-2024-4367: pdf.js < 4.2.67 must never evaluate fonts as code.
    isEvalSupported: false,
  } as PdfJs.GetDocumentParams;
}

// Pages are drawn one at a time, the visible ones first (the library's queue); keep one page either side mounted
// instead of its three, so the first page's drawing does not wait behind the layers of six others.
const renderRange = ({ startPage, endPage }: { startPage: number; endPage: number }) => ({ startPage: startPage - 1, endPage: endPage + 1 });

/** The student's label once on every page, and the library's scale reported back (it fits the page on a phone). */
function viewerPlugin(watermark: string | undefined, onScale: (scale: number) => void): Plugin {
  return {
    renderPageLayer: (page) => (watermark ? <PageWatermark label={watermark} width={page.width} height={page.height} /> : <></>),
    onViewerStateChange: (state) => {
      onScale(state.scale);
      return state;
    },
  };
}

/** Nothing to see: its chunk's arrival is the point (content-viewer.tsx renders it while documents are listed). */
export function PdfWarmUp() {
  return null;
}

// Loaded only through next/dynamic, when documents are listed. No download or print control is
// rendered. The watermark lies on each page, under the zoom toolbar's level.
export default function PdfViewer({ url, watermark }: { url: string; watermark?: string }) {
  // A plugin factory that uses hooks itself: called on every render, as the library requires.
  const zoom = zoomPlugin();
  const [scale, setScale] = useState(DEFAULT_ZOOM);
  const boxRef = useRef<HTMLDivElement>(null);
  // The opening scale depends on the viewer's width, known once it is laid out (this chunk never renders on the server).
  const [opening, setOpening] = useState<number | SpecialZoomLevel | null>(null);
  useLayoutEffect(() => {
    setOpening(isFitWidth(boxRef.current?.clientWidth ?? 0) ? SpecialZoomLevel.PageWidth : DEFAULT_ZOOM);
  }, []);
  const zoomTo = (direction: 1 | -1) => {
    const value = stepZoom(scale, direction);
    setScale(value);
    zoom.zoomTo(value);
  };
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-center gap-2 border-b bg-muted/40 p-2" role="toolbar" aria-label="Zoom">
        <Button variant="outline" size="icon" aria-label="Reducir zoom" disabled={scale <= MIN_ZOOM} onClick={() => zoomTo(-1)}>
          <Minus className="size-4" />
        </Button>
        <span className="w-14 text-center text-sm tabular-nums" data-testid="pdf-zoom">
          {Math.round(scale * 100)}%
        </span>
        <Button variant="outline" size="icon" aria-label="Aumentar zoom" disabled={scale >= MAX_ZOOM} onClick={() => zoomTo(1)}>
          <Plus className="size-4" />
        </Button>
      </div>
      <div ref={boxRef} className="relative min-h-0 flex-1" data-testid="pdf-document">
        {opening === null ? null : (
          <Viewer
            fileUrl={url}
            defaultScale={opening}
            plugins={[zoom, viewerPlugin(watermark, setScale)]}
            setRenderRange={renderRange}
            transformGetDocumentParams={documentParams}
            renderError={() => <ViewerError />}
          />
        )}
      </div>
    </div>
  );
}
