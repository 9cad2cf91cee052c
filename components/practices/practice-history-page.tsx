"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, ClipboardList } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/api-client";
import { PracticeCard, PracticeCardsSkeleton } from "./practice-card";
import { PracticeDetailDialog } from "./practice-detail-dialog";
import { Spinner } from "@/components/ui/spinner";
import { findPractice, mergeHistory, monthTitle } from "./practice-format";
import { practiceQueries } from "./queries";

function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
      <ClipboardList className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
    </div>
  );
}

// /student/practices/history (spec §2): one month at a time, newest first; 'Anterior' goes back in time, reading the
// next months from the server when the loaded ones run out.
export function PracticeHistoryPage() {
  const query = useInfiniteQuery(practiceQueries.history());
  const { error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const data = mergeHistory(query.data?.pages);
  const [index, setIndex] = useState(0);
  // The id, not the object: the dialog shows the latest read (the first view's practices have no signature images).
  // A notification's link (?practice=<id>) opens that practice's detail, on its month.
  const linkedId = useSearchParams().get("practice");
  const [openId, setOpenId] = useState<string | null>(linkedId);
  const open = findPractice(data, openId);
  const months = data ? Object.keys(data) : [];
  const hasShownLinked = useRef(false);
  useEffect(() => {
    if (hasShownLinked.current || !linkedId || !data) return;
    hasShownLinked.current = true;
    const at = months.findIndex((m) => Object.hasOwn(data[m] ?? {}, linkedId));
    if (at > 0) setIndex(at);
  }, [data, linkedId, months]);
  const current = Math.min(index, Math.max(months.length - 1, 0));
  const month = months[current];
  const items = month && data ? Object.values(data[month] ?? {}) : [];
  const isOldestLoaded = current >= months.length - 1;
  async function onPrevious() {
    if (!isOldestLoaded) return setIndex(current + 1);
    const next = await fetchNextPage();
    if (!next.isError) setIndex(current + 1);
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Historial de prácticas" subtitle="Tu historial de prácticas finalizadas" />
      {isPending ? (
        <PracticeCardsSkeleton count={4} className="grid gap-4 md:grid-cols-2" />
      ) : error && !data ? (
        <p className="text-sm text-destructive">{errorText(error)}</p>
      ) : months.length === 0 ? (
        <EmptyState title="No hay prácticas" text="Tus prácticas finalizadas aparecerán aquí" />
      ) : (
        <div className="space-y-4">
          <nav className="flex items-center justify-between gap-2" aria-label="Meses">
            <Button variant="outline" size="sm" disabled={(isOldestLoaded && !hasNextPage) || isFetchingNextPage} onClick={() => void onPrevious()}>
              {isFetchingNextPage ? <Spinner aria-hidden /> : <ChevronLeft aria-hidden />}
              Anterior
            </Button>
            <h2 className="text-lg font-semibold" data-testid="practice-month">
              {monthTitle(month!)}
            </h2>
            <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setIndex(current - 1)}>
              Siguiente
              <ChevronRight aria-hidden />
            </Button>
          </nav>
          {isFetchNextPageError ? <p className="text-sm text-destructive">{errorText(error)}</p> : null}
          {items.length === 0 ? (
            <EmptyState title="No hay prácticas en este mes" />
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {items.map((p) => (
                <PracticeCard key={p.id} practice={p} onOpen={(practice) => setOpenId(practice.id)} />
              ))}
            </div>
          )}
        </div>
      )}
      <PracticeDetailDialog practice={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
