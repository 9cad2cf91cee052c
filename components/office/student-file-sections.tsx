"use client";

import { BookOpenCheck, CalendarCheck, CalendarClock, Car, GraduationCap, History, ScanFace } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { MoveLessonButton } from "@/components/reservations/move-lesson-button";
import { StatusBadge } from "@/components/reservations/status-badge";
import { movementAmounts } from "@/components/balance/balance-amount";
import { useDateFormat } from "@/components/shell/use-date-format";
import type { StudentFile } from "@/lib/contract/people";
import { MOVEMENT_LABELS } from "@/lib/contract/constants/balance";
import { EXAM_RESULT_LABELS } from "@/lib/contract/constants/exams";
import { isLessonDone } from "@/lib/contract/constants/reservations";
import { formatDuration } from "@/lib/format/duration";
import { noonOfDate } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { FileSection } from "./file-section";

const MORE = `Se muestran los más recientes`;
const ROW = "flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 text-sm";

/** `canMove`: the office's page offers 'Cambiar hora' on the lessons it may move (issue 31 §5). */
export function LessonsSection({ file, which, now, canMove = false }: { file: StudentFile; which: "upcoming" | "past"; now: number; canMove?: boolean }) {
  const formats = useDateFormat();
  const list = which === "upcoming" ? file.upcomingLessons : file.pastLessons;
  return (
    <FileSection
      testId={`student-file-${which}`}
      title={which === "upcoming" ? "Próximas clases" : "Clases anteriores"}
      icon={which === "upcoming" ? CalendarClock : CalendarCheck}
      empty={which === "upcoming" ? "No tiene clases próximas" : "No tiene clases anteriores"}
      isEmpty={list.items.length === 0}
      hasMore={list.hasMore}
      moreText={which === "upcoming" ? "Se muestran las próximas" : "Se muestran las más recientes"}
    >
      <ul className="divide-y">
        {list.items.map((r) => (
          <li key={r.id} className={ROW} data-testid="student-file-lesson">
            <span className="min-w-0">
              <span className="block font-medium tabular-nums first-letter:uppercase">{formats.lessonTime(r.start, r.end, now)}</span>
              <span className="block text-muted-foreground">
                {r.instructor} · Permiso {r.license}
              </span>
            </span>
            <span className="flex flex-wrap gap-1">
              <StatusBadge status={r.status} isDone={isLessonDone(r, now)} />
              {r.hasCancellationRequest ? <Badge variant="warning">Cancelación solicitada</Badge> : null}
            </span>
            {canMove && r.canMove ? <MoveLessonButton role="administrator" lesson={r} className="w-full sm:w-auto" /> : null}
          </li>
        ))}
      </ul>
    </FileSection>
  );
}

export function MovementsSection({ file }: { file: StudentFile }) {
  const formats = useDateFormat();
  const { movements } = file;
  return (
    <FileSection testId="student-file-movements" title="Movimientos" icon={History} empty="No tiene movimientos" isEmpty={movements.items.length === 0} hasMore={movements.hasMore} moreText={MORE}>
      <ul className="divide-y">
        {movements.items.map((m) => {
          const { amount, after } = movementAmounts(m);
          const isTopUp = m.operation === "top-up";
          return (
            <li key={m.id} className={ROW} data-testid="student-file-movement">
              <span className="min-w-0">
                <span className="block font-medium">{MOVEMENT_LABELS[m.description] ?? m.description}</span>
                {m.lesson ? (
                  <span className="block text-muted-foreground" data-testid="movement-lesson">
                    Clase del {formats.lessonTime(m.lesson.start, m.lesson.end, Date.now())} con {m.lesson.instructor}
                  </span>
                ) : null}
                <span className="block text-muted-foreground">{formats.dateTime(m.date)}</span>
              </span>
              <span className="text-right tabular-nums">
                <span className={cn("block font-semibold", isTopUp && "text-success")}>{amount}</span>
                <span className="block text-xs text-muted-foreground">Saldo: {after}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </FileSection>
  );
}

export function PracticesSection({ file }: { file: StudentFile }) {
  const formats = useDateFormat();
  const { practices } = file;
  return (
    <FileSection testId="student-file-practices" title="Prácticas" icon={Car} empty="No tiene prácticas registradas" isEmpty={practices.items.length === 0} hasMore={practices.hasMore} moreText="Se muestran las más recientes">
      <ul className="divide-y">
        {practices.items.map((p) => (
          <li key={p.id} className={ROW}>
            <span className="min-w-0">
              <span className="block font-medium tabular-nums">
                {formats.date(noonOfDate(p.date))} · {p.startTime}–{p.endTime}
              </span>
              <span className="block text-muted-foreground">
                {p.instructor.name} · Permiso {p.license.name}
                {p.vehicle ? ` · ${p.vehicle.plate}` : ""}
                {p.kmTotal !== null ? ` · ${p.kmTotal} km` : ""}
              </span>
              {p.observations ? <span className="block break-words whitespace-pre-line text-muted-foreground">{p.observations}</span> : null}
            </span>
            <span className="tabular-nums">{formatDuration(p.duration)}</span>
          </li>
        ))}
      </ul>
    </FileSection>
  );
}

export function ExamsSection({ file }: { file: StudentFile }) {
  const formats = useDateFormat();
  const { exams } = file;
  return (
    <FileSection testId="student-file-exams" title="Exámenes" icon={GraduationCap} empty="No está inscrito en ningún examen" isEmpty={exams.items.length === 0} hasMore={exams.hasMore} moreText="Se muestran los más recientes">
      <ul className="divide-y">
        {exams.items.map((e) => (
          <li key={e.id} className={ROW}>
            <span className="min-w-0">
              <span className="block font-medium first-letter:uppercase">{formats.longDay(e.date)}</span>
              <span className="block text-muted-foreground">
                {e.examType.name} · Permiso {e.license}
                {e.location ? ` · ${e.location}` : ""}
              </span>
            </span>
            <span className="flex flex-wrap gap-1">
              {e.status === "backup" ? <Badge variant="outline">En reserva</Badge> : null}
              <Badge variant={e.result === 3 ? "success" : "secondary"}>{EXAM_RESULT_LABELS[e.result] ?? "Pendiente"}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </FileSection>
  );
}

export function CapSection({ file }: { file: StudentFile }) {
  const formats = useDateFormat();
  const { cap } = file;
  return (
    <FileSection testId="student-file-cap" title="CAP" icon={ScanFace} empty="No está inscrito en cursos CAP" isEmpty={cap.items.length === 0} hasMore={cap.hasMore} moreText="Se muestran los más recientes">
      <ul className="divide-y">
        {cap.items.map((c) => (
          <li key={c.courseId} className={ROW}>
            <span className="min-w-0">
              <span className="block font-medium break-words">{c.name}</span>
              <span className="block text-muted-foreground">
                {c.code} · {formats.date(noonOfDate(c.startDate.slice(0, 10)))} – {formats.date(noonOfDate(c.endDate.slice(0, 10)))}
              </span>
            </span>
            <span className="flex items-center gap-1 tabular-nums">
              <BookOpenCheck className="size-4 text-muted-foreground" aria-hidden />
              {c.attended} de {c.sessions} sesiones
            </span>
          </li>
        ))}
      </ul>
    </FileSection>
  );
}
