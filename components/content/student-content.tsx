"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, BookOpen, ClipboardCheck, ExternalLink, FileText, PlayCircle, Video } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { ContentItem } from "@/lib/contract/content";
import { homePath } from "@/lib/session/roles";
import { visibleCategories, type CategoryKey } from "./categories";
import { ContentError, ContentLoading } from "./content-status";
import { ContentViewer, PdfWarmUp } from "./content-viewer";
import { startPdfWorkerEarly, stopPdfWorker } from "./pdf-warm-up";
import { contentQueries } from "./queries";

const ICONS = { documents: BookOpen, videos: Video, iframes: ClipboardCheck } as const;
const ITEM_ICONS = { document: FileText, video: PlayCircle, iframe: ExternalLink } as const;

export function StudentContent() {
  const router = useRouter();
  const query = useQuery(contentQueries.student());
  const [licenseId, setLicenseId] = useState<string | null>(null);
  const [category, setCategory] = useState<CategoryKey | null>(null);
  const [item, setItem] = useState<ContentItem | null>(null);
  // pdf.js's worker starts while the documents are listed (with the viewer's code, PdfWarmUp below) and ends with the page.
  useEffect(() => {
    if (category === "documents") startPdfWorkerEarly();
  }, [category]);
  useEffect(() => stopPdfWorker, []);

  if (query.isPending) return <ContentLoading />;
  // 'Volver' goes back, as its label says (the spec shows no retry here); opened directly, to the student's home.
  const goBack = () => (window.history.length > 1 ? router.back() : router.push(homePath("student")));
  if (query.isError) return <ContentError onBack={goBack} />;
  const { licenses, viewer } = query.data;
  const license = licenses.find((l) => l.licenseId === licenseId) ?? licenses[0];
  const empty = <p className="py-16 text-center text-muted-foreground">No tienes contenidos disponibles en este momento.</p>;
  if (!license) return empty;
  const categories = visibleCategories(license);
  if (item) return <ContentViewer item={item} viewer={viewer} onBack={() => setItem(null)} />;

  const selected = categories.find((c) => c.key === category);
  if (selected) {
    const open = (i: ContentItem) => (i.type === "iframe" ? window.open(i.url, "_blank", "noopener,noreferrer") : setItem(i));
    return (
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Button variant="outline" onClick={() => setCategory(null)}>
            <ArrowLeft className="size-4" /> Volver
          </Button>
          <h2 className="text-lg font-semibold">{selected.title}</h2>
        </div>
        {selected.key === "documents" ? <PdfWarmUp /> : null}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {license[selected.key].map((i) => {
            const Icon = ITEM_ICONS[i.type];
            return (
              <li key={i.id}>
                <button type="button" onClick={() => open(i)} className="flex w-full items-center gap-3 rounded-lg border bg-card p-4 text-left hover:bg-accent">
                  <Icon className="size-5 shrink-0 text-primary" />
                  <span className="font-medium">{i.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {licenses.length > 1 ? (
        <NativeSelect aria-label="Permiso" className="max-w-xs" value={license.licenseId} onChange={(e) => setLicenseId(e.target.value)}>
          {licenses.map((l) => (
            <option key={l.licenseId} value={l.licenseId}>
              Permiso {l.licenseName}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      {/* A licence without items keeps the selector, so the student can still reach the others. */}
      {categories.length === 0 ? empty : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((c) => {
          const Icon = ICONS[c.key];
          return (
            <Card key={c.key}>
              <CardHeader>
                <Icon className="size-8 text-primary" />
                <CardTitle>{c.title}</CardTitle>
                <CardDescription>{c.subtitle}</CardDescription>
              </CardHeader>
              <CardFooter>
                <Button onClick={() => setCategory(c.key)}>
                  Ver contenidos
                </Button>
              </CardFooter>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
