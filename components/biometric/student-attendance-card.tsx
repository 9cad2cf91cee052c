"use client";

import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";

import { useTimeZone } from "@/components/shell/use-time-zone";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { ListSkeleton } from "@/components/ui/states";
import { errorText } from "@/lib/api-client";
import { isByHand, recordLabel } from "@/lib/cap/attendance-records";
import { localTimeOf } from "@/lib/cap/zoned-time";
import type { AttendanceRecord, StudentAttendance } from "@/lib/contract/cap";
import { recordQueries } from "./use-attendance-records";

/** The student's record (issue 30 §3): their CAP sessions, newest first, with how each time was recorded. */
export function StudentAttendanceCard({ studentId }: { studentId: string }) {
  const query = useInfiniteQuery(recordQueries.studentAttendances(studentId));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card className="h-fit lg:col-span-2">
      <CardHeader>
        <CardTitle>Asistencia a sesiones CAP</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton rows={2} className="h-14" />
        ) : query.error && items.length === 0 ? (
          <p className="text-sm text-destructive">{errorText(query.error)}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">El alumno no está en ninguna sesión</p>
        ) : (
          <ul className="divide-y" aria-label="Sesiones del alumno">
            {items.map((item) => (
              <SessionItem key={item.attendance.id} item={item} />
            ))}
          </ul>
        )}
        <LoadMore
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
          error={query.isFetchNextPageError ? errorText(query.error) : null}
        />
      </CardContent>
    </Card>
  );
}

function SessionItem({ item }: { item: StudentAttendance }) {
  const timeZone = useTimeZone();
  const { attendance } = item;
  return (
    <li className="grid gap-1 py-3" aria-label={item.sessionName}>
      <Link href={`/biometric/courses/${item.capCourseId}/sessions/${item.capSessionId}`} className="w-fit font-medium underline-offset-4 hover:underline touch:inline-flex touch:min-h-11 touch:items-center">
        {item.sessionName}
      </Link>
      <div className="flex flex-wrap gap-2">
        <Time label="Entrada" value={attendance.in} record={attendance.inRecord} timeZone={timeZone} />
        <Time label="Salida" value={attendance.out} record={attendance.outRecord} timeZone={timeZone} />
      </div>
      <RecordLine label="Entrada" record={attendance.inRecord} />
      <RecordLine label="Salida" record={attendance.outRecord} />
    </li>
  );
}

function RecordLine({ label, record }: { label: string; record?: AttendanceRecord | null }) {
  const text = recordLabel(record);
  if (!text) return null;
  return (
    <p className="text-xs break-words text-muted-foreground">
      <span className="font-medium text-foreground">{label}:</span> {text}
      {record?.recordedBy ? ` (${record.recordedBy})` : ""}
    </p>
  );
}

function Time({ label, value, record, timeZone }: { label: string; value: string | null; record?: AttendanceRecord | null; timeZone: string }) {
  return (
    <Badge variant={!value ? "outline" : isByHand(record) ? "warning" : "success"} className="tabular-nums">
      {label}: {value ? localTimeOf(value, timeZone) : "--:--"}
    </Badge>
  );
}
