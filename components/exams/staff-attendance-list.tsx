"use client";

import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import type { StaffExamAttendance } from "@/lib/contract/exams";
import { EXAM_RESULT_LABELS } from "@/lib/contract/constants/exams";
import { STAFF_ATTENDANCE_TEXTS } from "./exam-texts";
import type { StaffArea } from "./queries";
import { useRecordResult, useWithdrawAttendance } from "./use-staff-exams";

type Props = { area: StaffArea; isHeld: boolean; attendances: StaffExamAttendance[] };

function ResultSelect({ area, attendance }: { area: StaffArea; attendance: StaffExamAttendance }) {
  const record = useRecordResult(area);
  return (
    <NativeSelect
      className="w-40"
      aria-label={`Resultado de ${attendance.student.name}`}
      value={String(attendance.result)}
      disabled={record.isPending}
      onChange={(e) => record.mutate({ id: attendance.id, result: Number(e.target.value) })}
    >
      {Object.entries(EXAM_RESULT_LABELS).map(([code, label]) => (
        <option key={code} value={code}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}

export function StaffAttendanceList({ area, isHeld, attendances }: Props) {
  const [withdrawing, setWithdrawing] = useState<StaffExamAttendance | null>(null);
  const withdraw = useWithdrawAttendance(area);
  const texts = STAFF_ATTENDANCE_TEXTS[area];
  // An instructor sees only their own students here, while the counts above are the whole school's: the heading
  // says whose list it is (docs/decisions/exams.md).
  const headingId = useId();
  return (
    <div className="mt-3">
      <h4 id={headingId} className="text-sm font-medium">
        {texts.heading}
      </h4>
      {attendances.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{texts.empty}</p>
      ) : (
        <ul className="mt-1 space-y-1" aria-labelledby={headingId}>
          {attendances.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/40 px-3 py-2" data-testid="staff-exam-attendance">
              <div className="min-w-0">
                <p className="text-sm font-medium">{a.student.name}</p>
                {a.student.dni ? <p className="text-xs text-muted-foreground">{a.student.dni}</p> : null}
              </div>
              <div className="flex items-center gap-2">
                {a.status === "registered" ? <Badge variant="success">Inscrito</Badge> : <Badge variant="warning">Reserva n.º {a.position}</Badge>}
                {isHeld && a.status === "registered" ? <ResultSelect area={area} attendance={a} /> : null}
                {!isHeld ? (
                  <Button size="sm" variant="ghost" onClick={() => setWithdrawing(a)}>
                    Retirar
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => (open ? undefined : setWithdrawing(null))}
        title="Retirar alumno"
        description={`¿Seguro que quieres retirar a ${withdrawing?.student.name ?? ""} de este examen? Si deja una plaza libre, pasará a ocuparla el primero de la lista de reserva.`}
        confirmText="Sí, retirar"
        variant="destructive"
        isLoading={withdraw.isPending}
        onConfirm={() => {
          if (withdrawing) withdraw.mutate(withdrawing.id, { onSettled: () => setWithdrawing(null) });
        }}
      />
    </div>
  );
}
