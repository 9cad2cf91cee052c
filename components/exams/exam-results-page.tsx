"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ClipboardX } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { Skeleton } from "@/components/ui/skeleton";
import { PageHeader } from "@/components/shell/page-header";
import type { ExamResult } from "@/lib/contract/exams";
import { formatDate, formatTime } from "@/lib/format/dates";
import { resultText } from "./exam-texts";
import { examQueries } from "./queries";

const RESULT_VARIANT = { 0: "outline", 1: "secondary", 2: "destructive", 3: "success", 4: "warning" } as const;

function ResultRow({ item }: { item: ExamResult }) {
  const variant = RESULT_VARIANT[item.result as keyof typeof RESULT_VARIANT] ?? "outline";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="exam-result">
      <div>
        <p className="font-medium">
          {item.exam.type.name} <span className="text-muted-foreground">· Permiso {item.license.name}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {formatDate(item.exam.date)} · {formatTime(item.exam.date)}
        </p>
      </div>
      <Badge variant={variant} className="min-w-24 text-sm">
        {resultText(item.result)}
      </Badge>
    </li>
  );
}

export function ExamResultsPage() {
  const { data: pages, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    examQueries.results(),
  );
  const data = pages?.pages.flatMap((p) => p.items);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Resultados de exámenes" subtitle="Tus convocatorias de examen y sus resultados" />
      {isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>Error al cargar los resultados de exámenes</AlertDescription>
        </Alert>
      ) : !data || data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
          <ClipboardX className="size-10" aria-hidden />
          <p>No hay resultados de exámenes</p>
        </div>
      ) : (
        <Card className="py-2">
          <CardContent>
            <ul className="divide-y">
              {data.map((item) => (
                <ResultRow key={item.id} item={item} />
              ))}
            </ul>
            <LoadMore
              hasMore={hasNextPage}
              isLoading={isFetchingNextPage}
              onLoad={() => void fetchNextPage()}
              error={isFetchNextPageError ? "Error al cargar los resultados de exámenes" : null}
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
