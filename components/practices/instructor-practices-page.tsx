"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ClipboardList, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { instructorQueries } from "@/components/instructor/queries";
import { PageHeader } from "@/components/shell/page-header";
import { useSchoolToday } from "@/components/shell/use-time-zone";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LoadMore } from "@/components/ui/load-more";
import { errorText } from "@/lib/api-client";
import { noonOfDate } from "@/lib/format/dates";
import { ManualPracticeDialog } from "./manual-practice-dialog";
import { PendingPractices } from "./pending-practices";
import { PracticeCard, PracticeCardsSkeleton } from "./practice-card";
import { PracticeDetailDialog } from "./practice-detail-dialog";
import { monthTitle, recentMonths } from "./practice-format";
import { practiceQueries } from "./queries";

const MONTHS_OFFERED = 24;
const CARD_GRID = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";

// /instructor/practices, 'Prácticas finalizadas' (the spec names the menu entry only; the screen is ours).
export function InstructorPracticesPage() {
  const [studentId, setStudentId] = useState("");
  const [month, setMonth] = useState("");
  // The months offered end with the school's current month (the same on the server and in the browser).
  const today = useSchoolToday();
  const months = useMemo(() => recentMonths(noonOfDate(today), MONTHS_OFFERED), [today]);
  // The id, not the object: the dialog shows the latest read (the first view's practices have no signature images).
  const [openId, setOpenId] = useState<string | null>(null);
  const [isManualOpen, setManualOpen] = useState(false);
  const students = useQuery(instructorQueries.students());
  const list = useInfiniteQuery(practiceQueries.instructorList({ studentId: studentId || undefined, month: month || undefined }));
  const practices = list.data?.pages.flatMap((p) => p.items);
  // The lessons to finish stand above the filters: until they are known, nothing is drawn under the header, so the
  // filters and cards never jump down when they arrive (layout shift).
  const pending = useQuery(practiceQueries.pending());
  const open = practices?.find((p) => p.id === openId) ?? null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Prácticas finalizadas"
        subtitle="Las prácticas que has finalizado con tus alumnos"
        actions={
          <Button onClick={() => setManualOpen(true)}>
            <Plus aria-hidden />
            Práctica manual
          </Button>
        }
      />
      {pending.isPending ? (
        <PracticeCardsSkeleton count={3} className={CARD_GRID} />
      ) : (
        <>
          <PendingPractices />
          <section className="space-y-4" aria-label="Prácticas finalizadas">
            <div className="flex flex-wrap items-end gap-4">
              <div className="grid gap-2">
                <Label htmlFor="practices-student">Alumno</Label>
                <NativeSelect id="practices-student" className="w-64" value={studentId} onChange={(e) => setStudentId(e.target.value)}>
                  <option value="">Todos los alumnos</option>
                  {students.data?.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="practices-month">Mes</Label>
                <NativeSelect id="practices-month" className="w-56" value={month} onChange={(e) => setMonth(e.target.value)}>
                  <option value="">Todos los meses</option>
                  {months.map((m) => (
                    <option key={m} value={m}>
                      {monthTitle(m)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            {list.isPending ? (
              <PracticeCardsSkeleton count={3} className={CARD_GRID} />
            ) : list.error && !practices ? (
              <p className="text-sm text-destructive">{errorText(list.error)}</p>
            ) : !practices || practices.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
                <ClipboardList className="size-10 text-muted-foreground" aria-hidden />
                <p className="text-muted-foreground">No hay prácticas finalizadas con estos filtros</p>
              </div>
            ) : (
              <>
                <div className={CARD_GRID}>
                  {practices.map((p) => (
                    <PracticeCard key={p.id} practice={p} onOpen={(practice) => setOpenId(practice.id)} />
                  ))}
                </div>
                <LoadMore
                  hasMore={list.hasNextPage}
                  isLoading={list.isFetchingNextPage}
                  onLoad={() => void list.fetchNextPage()}
                  error={list.isFetchNextPageError ? errorText(list.error) : null}
                />
              </>
            )}
          </section>
        </>
      )}
      <PracticeDetailDialog practice={open} onClose={() => setOpenId(null)} />
      <ManualPracticeDialog open={isManualOpen} onOpenChange={setManualOpen} />
    </div>
  );
}
