"use client";

import { LogIn, LogOut } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { attendanceActions } from "@/lib/cap/attendance";
import { localTimeOf } from "@/lib/cap/zoned-time";
import type { Attendance, AttendanceType, CapSession } from "@/lib/contract/cap";
import { EmptyState } from "@/components/ui/states";
import { useNow } from "./use-now";

type Props = {
  session: CapSession;
  rows: Attendance[];
  isFiltered: boolean;
  timeZone: string;
  onRegister: (attendance: Attendance, type: AttendanceType) => void;
};

export function AttendanceList({ session, rows, isFiltered, timeZone, onRegister }: Props) {
  const now = useNow();
  if (rows.length === 0) {
    return <EmptyState message={isFiltered ? "Ningún alumno coincide con la búsqueda" : "No hay alumnos en esta sesión"} />;
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="Asistencia">
      {rows.map((attendance) => {
        const { canRegisterIn, canRegisterOut } = attendanceActions(attendance, session, now, timeZone);
        return (
          <li key={attendance.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" aria-label={attendance.studentName}>
            <div className="min-w-0">
              <p className="font-medium">{attendance.studentName}</p>
              <p className="text-sm text-muted-foreground">{attendance.studentDni}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <TimeBadge label="Entrada" value={attendance.in} timeZone={timeZone} />
              <TimeBadge label="Salida" value={attendance.out} timeZone={timeZone} />
              {canRegisterIn ? (
                <Button size="sm" onClick={() => onRegister(attendance, "in")}>
                  <LogIn aria-hidden />
                  Registrar entrada
                </Button>
              ) : null}
              {canRegisterOut ? (
                <Button size="sm" variant="secondary" onClick={() => onRegister(attendance, "out")}>
                  <LogOut aria-hidden />
                  Registrar salida
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function TimeBadge({ label, value, timeZone }: { label: string; value: string | null; timeZone: string }) {
  return (
    <Badge variant={value ? "success" : "outline"} className="tabular-nums">
      {label}: {value ? localTimeOf(value, timeZone) : "--:--"}
    </Badge>
  );
}
