"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Clock, Search, UserPlus } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { formatLocalDate, localDateOf, localTimeOf } from "@/lib/cap/zoned-time";
import type { Attendance } from "@/lib/contract/cap";
import { AddToSessionDialog } from "./add-to-session-dialog";
import { AttendanceList } from "./attendance-list";
import { AttendanceReportButton } from "./attendance-report-button";
import { BackHeader } from "./back-header";
import { CaptureAttendanceDialog } from "./capture-attendance-dialog";
import type { CaptureTarget } from "./capture-target";
import { CorrectAttendanceDialog } from "./correct-attendance-dialog";
import { ManualAttendanceDialog, type ManualTarget } from "./manual-attendance-dialog";
import { ReportSummary } from "./report-summary";
import { biometricQueries, isNotFound } from "./queries";
import { ErrorState, ListSkeleton, NotFoundState } from "@/components/ui/states";
import { matchesSearch, sortByName } from "@/lib/format/text";
import { useTimeZone } from "@/components/shell/use-time-zone";

type Props = { courseId: string; sessionId: string };

export function SessionDetail({ courseId, sessionId }: Props) {
  const course = useQuery(biometricQueries.course(courseId));
  const session = useQuery(biometricQueries.session(sessionId));
  const timeZone = useTimeZone();
  const [search, setSearch] = useState("");
  const [isAdding, setIsAdding] = useState(false);
  const [capture, setCapture] = useState<CaptureTarget | null>(null);
  const [manual, setManual] = useState<ManualTarget | null>(null);
  const [correcting, setCorrecting] = useState<Attendance | null>(null);

  const courseHref = `/biometric/courses/${courseId}`;
  if (isNotFound(course.error)) return <NotFoundState message="Curso no encontrado" backHref="/biometric" backLabel="Volver a los cursos" />;
  if (isNotFound(session.error) || (session.data && session.data.capCourseId !== courseId)) {
    return <NotFoundState message="Sesión no encontrada" backHref={courseHref} backLabel="Volver al curso" />;
  }
  if (course.error || session.error) return <ErrorState message={errorText(course.error ?? session.error)} />;
  if (course.isPending || session.isPending) {
    return (
      <div className="grid gap-6">
        <Skeleton className="h-12 w-2/3" />
        <ListSkeleton rows={4} className="h-16" />
      </div>
    );
  }

  const data = session.data;
  const rows = sortByName(
    data.attendances.filter((a) => matchesSearch(search, a.studentName, a.studentDni)),
    (a) => a.studentName,
  );

  return (
    <>
      <BackHeader
        backHref={courseHref}
        backLabel="Volver al curso"
        title={course.data.name}
        subtitle={
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <span className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              {formatLocalDate(localDateOf(data.start, timeZone))}
            </span>
            <span className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden />
              {localTimeOf(data.start, timeZone)} - {localTimeOf(data.end, timeZone)}
            </span>
          </span>
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setIsAdding(true)}>
              <UserPlus aria-hidden />
              Añadir alumno a la sesión
            </Button>
            <AttendanceReportButton sessionId={sessionId} />
          </>
        }
      />
      <div className="mb-4 relative w-full sm:max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Buscar alumnos de la sesión"
          placeholder="Buscar por nombre o DNI"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <ReportSummary attendances={data.attendances} />
      <AttendanceList
        session={data}
        rows={rows}
        isFiltered={search.trim() !== ""}
        timeZone={timeZone}
        onRegister={(attendance, type) => setCapture({ attendance, type })}
        onManual={(attendance, type) => setManual({ attendance, type })}
        onCorrect={setCorrecting}
      />
      <AddToSessionDialog session={data} open={isAdding} onOpenChange={setIsAdding} />
      <CaptureAttendanceDialog
        session={data}
        target={capture}
        onOpenChange={(open) => !open && setCapture(null)}
        onManual={(target, reason) => {
          setCapture(null);
          setManual({ ...target, reason });
        }}
      />
      <ManualAttendanceDialog session={data} target={manual} onOpenChange={(open) => !open && setManual(null)} />
      <CorrectAttendanceDialog session={data} target={correcting} onOpenChange={(open) => !open && setCorrecting(null)} />
    </>
  );
}
