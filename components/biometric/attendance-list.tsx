"use client";

import { Hand, LogIn, LogOut, PencilLine } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { attendanceActions } from "@/lib/cap/attendance";
import { isByHand, isSessionFinished, recordLabel } from "@/lib/cap/attendance-records";
import { localTimeOf } from "@/lib/cap/zoned-time";
import type { Attendance, AttendanceRecord, AttendanceType, CapSession } from "@/lib/contract/cap";
import { EmptyState } from "@/components/ui/states";
import { useNow } from "./use-now";

type Props = {
  session: CapSession;
  rows: Attendance[];
  isFiltered: boolean;
  timeZone: string;
  onRegister: (attendance: Attendance, type: AttendanceType) => void;
  onManual: (attendance: Attendance, type: AttendanceType) => void;
  onCorrect: (attendance: Attendance) => void;
};

export function AttendanceList({ session, rows, isFiltered, timeZone, onRegister, onManual, onCorrect }: Props) {
  const now = useNow();
  if (rows.length === 0) {
    return <EmptyState message={isFiltered ? "Ningún alumno coincide con la búsqueda" : "No hay alumnos en esta sesión"} />;
  }
  const canCorrect = isSessionFinished(session, now);
  return (
    <ul className="divide-y rounded-lg border" aria-label="Asistencia">
      {rows.map((attendance) => {
        const { canRegisterIn, canRegisterOut } = attendanceActions(attendance, session, now, timeZone);
        const pending: AttendanceType | null = canRegisterIn ? "in" : canRegisterOut ? "out" : null;
        return (
          <li key={attendance.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" aria-label={attendance.studentName}>
            <div className="min-w-0">
              <p className="font-medium">{attendance.studentName}</p>
              <p className="text-sm text-muted-foreground">{attendance.studentDni}</p>
              <RecordNote label="Entrada" record={attendance.inRecord} />
              <RecordNote label="Salida" record={attendance.outRecord} />
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <TimeBadge label="Entrada" value={attendance.in} record={attendance.inRecord} timeZone={timeZone} />
              <TimeBadge label="Salida" value={attendance.out} record={attendance.outRecord} timeZone={timeZone} />
              {pending ? (
                <Button size="sm" variant={pending === "in" ? "default" : "secondary"} onClick={() => onRegister(attendance, pending)}>
                  {pending === "in" ? <LogIn aria-hidden /> : <LogOut aria-hidden />}
                  {pending === "in" ? "Registrar entrada" : "Registrar salida"}
                </Button>
              ) : null}
              {pending ? (
                <Button size="sm" variant="outline" onClick={() => onManual(attendance, pending)}>
                  <Hand aria-hidden />
                  Registro manual
                </Button>
              ) : null}
              {canCorrect ? (
                <Button size="sm" variant="outline" onClick={() => onCorrect(attendance)}>
                  <PencilLine aria-hidden />
                  Corregir
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

// 'Entrada: Manual · Cámara no disponible', 'Salida: Corregida · …': a time that stands without a face verification.
function RecordNote({ label, record }: { label: string; record: AttendanceRecord | null | undefined }) {
  const text = recordLabel(record);
  if (!text) return null;
  return (
    <p className="mt-1 text-xs break-words text-warning-foreground dark:text-warning">
      <span className="font-medium">{label}:</span> {text}
      {record?.recordedBy ? <span className="text-muted-foreground"> ({record.recordedBy})</span> : null}
    </p>
  );
}

function TimeBadge({ label, value, record, timeZone }: { label: string; value: string | null; record?: AttendanceRecord | null; timeZone: string }) {
  return (
    <Badge variant={!value ? "outline" : isByHand(record) ? "warning" : "success"} className="tabular-nums">
      {label}: {value ? localTimeOf(value, timeZone) : "--:--"}
    </Badge>
  );
}
