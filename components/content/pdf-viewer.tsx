"use client";

import { Viewer, Worker, type PdfJs } from "@react-pdf-viewer/core";
import { zoomPlugin } from "@react-pdf-viewer/zoom";
import "@react-pdf-viewer/core/lib/styles/index.css";
import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ViewerError } from "./content-status";
import { DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP, clampZoom } from "./zoom";

// CVE-2024-4367: pdf.js < 4.2.67 must never evaluate fonts as code.
const safeParams = (options: PdfJs.GetDocumentParams) => ({ ...options, isEvalSupported: false }) as PdfJs.GetDocumentParams;

// Loaded only through next/dynamic when a document opens. No download or print control is rendered. The overlay (the
// student's watermark) covers the document only: the zoom toolbar above it stays clear.
export default function PdfViewer({ url, overlay }: { url: string; overlay?: React.ReactNode }) {
  // A plugin factory that uses hooks itself: called on every render, as the library requires.
  const zoom = zoomPlugin();
  const [scale, setScale] = useState(DEFAULT_ZOOM);
  const zoomTo = (next: number) => {
    const value = clampZoom(next);
    setScale(value);
    zoom.zoomTo(value);
  };
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-center gap-2 border-b bg-muted/40 p-2" role="toolbar" aria-label="Zoom">
        <Button variant="outline" size="icon" aria-label="Reducir zoom" disabled={scale <= MIN_ZOOM} onClick={() => zoomTo(scale - ZOOM_STEP)}>
          <Minus className="size-4" />
        </Button>
        <span className="w-14 text-center text-sm tabular-nums" data-testid="pdf-zoom">
          {Math.round(scale * 100)}%
        </span>
        <Button variant="outline" size="icon" aria-label="Aumentar zoom" disabled={scale >= MAX_ZOOM} onClick={() => zoomTo(scale + ZOOM_STEP)}>
          <Plus className="size-4" />
        </Button>
      </div>
      <div className="relative min-h-0 flex-1" data-testid="pdf-document">
        <Worker workerUrl="/pdf.worker.min.js">
          <Viewer
            fileUrl={url}
            defaultScale={DEFAULT_ZOOM}
            plugins={[zoom]}
            transformGetDocumentParams={safeParams}
            onZoom={(e) => setScale(e.scale)}
            renderError={() => <ViewerError />}
          />
        </Worker>
        {overlay}
      </div>
    </div>
  );
}
