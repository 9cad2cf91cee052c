"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarX } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { PageHeader } from "@/components/shell/page-header";
import { ExamActionDialog } from "./exam-action-dialog";
import { UpcomingExamCard } from "./upcoming-exam-card";
import { UPCOMING_EXAMS_FAILED } from "./exam-texts";
import { examQueries } from "./queries";
import type { PendingAction } from "./use-exam-registration";

export function UpcomingExamsPage() {
  const { data, error, isPending } = useQuery(examQueries.upcoming());
  const [pending, setPending] = useState<PendingAction | null>(null);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Próximos exámenes" subtitle="Inscríbete en las convocatorias de examen de tus permisos" />
      {isPending ? (
        <div className="space-y-4">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      ) : error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>{UPCOMING_EXAMS_FAILED}</AlertDescription>
        </Alert>
      ) : data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
          <CalendarX className="size-10" aria-hidden />
          <p>No hay exámenes disponibles</p>
        </div>
      ) : (
        <div className="space-y-4">
          {data.map((exam) => (
            <UpcomingExamCard key={exam.id} exam={exam} onAction={(slot, action) => setPending({ examId: exam.id, date: exam.date, slot, action })} />
          ))}
        </div>
      )}
      <ExamActionDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
