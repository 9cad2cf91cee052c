"use client";

import dynamic from "next/dynamic";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ContentItem, StudentContent } from "@/lib/contract/content";
import { ContentLoading } from "./content-status";
import { useContentProtection } from "./use-content-protection";
import { VideoPlayer } from "./video-player";
import { BoxWatermark, watermarkLabel } from "./watermark";

// pdf.js weighs ~1 MB: fetched when documents are listed (PdfWarmUp) or one is opened, never on other screens.
const PdfViewer = dynamic(() => import("./pdf-viewer"), { ssr: false, loading: () => <ContentLoading /> });

/** Rendered while documents are listed: brings the viewer's code ahead of the tap (pdf-warm-up.ts), shows nothing. */
export const PdfWarmUp = dynamic(() => import("./pdf-viewer").then((m) => m.PdfWarmUp), { ssr: false });

export function ContentViewer({ item, viewer, onBack }: { item: ContentItem; viewer: StudentContent["viewer"]; onBack: () => void }) {
  useContentProtection();
  const label = watermarkLabel(viewer.name, viewer.dni);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft className="size-4" /> Volver
        </Button>
        <h2 className="truncate text-lg font-semibold">{item.name}</h2>
      </div>
      <div className="relative h-[75vh] overflow-hidden rounded-lg border bg-background select-none" data-testid="content-viewer">
        {item.type === "document" ? (
          <PdfViewer url={item.url} watermark={label} />
        ) : (
          <>
            <VideoPlayer url={item.url} />
            <BoxWatermark label={label} />
          </>
        )}
      </div>
    </div>
  );
}
