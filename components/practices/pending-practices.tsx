"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Clock, IdCard, User } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import type { PendingPractice } from "@/lib/contract/practices";
import { FINISH_WINDOW_DAYS } from "@/lib/contract/constants/practices";
import { useDateFormat } from "@/components/shell/use-date-format";
import { FinishPracticeDialog } from "./finish-practice-dialog";
import { practiceDay } from "./practice-format";
import { practiceQueries } from "./queries";

// 'Prácticas por finalizar': the instructor's confirmed lessons that have started and still need their record.
export function PendingPractices() {
  const { data } = useQuery(practiceQueries.pending());
  // Drawn by the server in the page's first view: the school's clock until hydrated, then the device's.
  const { longDay, timeRange } = useDateFormat();
  const [lesson, setLesson] = useState<PendingPractice | null>(null);
  if (!data || data.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="pending-practices-title">
      <div>
        <h2 id="pending-practices-title" className="text-lg font-semibold">
          Prácticas por finalizar
        </h2>
        <p className="text-sm text-muted-foreground">
          Clases confirmadas que ya han comenzado. Puedes finalizarlas hasta {FINISH_WINDOW_DAYS} días después.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.map((p) => (
          <Card key={p.reservationId} data-testid="pending-practice" className="gap-3 py-4">
            <CardContent className="space-y-2 px-5 text-sm">
              <p className="flex items-center gap-2 font-semibold">
                <User className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                {p.studentName}
              </p>
              {/* Date and time on lines of their own, like the finished practices' cards: the long Spanish date may
                  wrap, the time never squeezes beside it. */}
              <p className="flex items-start gap-2" data-testid="pending-practice-date">
                <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                {practiceDay(p.start, longDay)}
              </p>
              <p className="flex items-center gap-2 tabular-nums" data-testid="pending-practice-time">
                <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="whitespace-nowrap">{timeRange(p.start, p.end)}</span>
              </p>
              <p className="flex items-center gap-2">
                <IdCard className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                Permiso {p.license}
              </p>
            </CardContent>
            <CardFooter className="px-5">
              <Button size="sm" onClick={() => setLesson(p)}>
                Finalizar práctica
              </Button>
            </CardFooter>
          </Card>
        ))}
      </div>
      <FinishPracticeDialog lesson={lesson} onClose={() => setLesson(null)} />
    </section>
  );
}
