"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import type { StaffExamSlot } from "@/lib/contract/exams";
import { examQueries, type StaffArea } from "./queries";
import { useRegisterStudent } from "./use-staff-exams";

type Props = { area: StaffArea; slot: StaffExamSlot; open: boolean; onOpenChange: (open: boolean) => void };

// The office registers a student of the slot's licence into any of the school's places (shown or kept).
export function RegisterStudentDialog({ area, slot, open, onOpenChange }: Props) {
  const { data: options } = useQuery({ ...examQueries.options(area), enabled: open });
  const register = useRegisterStudent(area);
  const [studentId, setStudentId] = useState("");
  const taken = new Set(slot.attendances.filter((a) => a.status === "registered").map((a) => a.student.id));
  const eligible = (options?.students ?? []).filter((s) => s.licenseIds.includes(slot.license.id) && !taken.has(s.id));
  const selectId = `register-student-${slot.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Inscribir alumno</DialogTitle>
          <DialogDescription>
            {slot.examType.name} · Permiso {slot.license.name}. La autoescuela puede usar todas sus plazas, también las no visibles para los
            alumnos.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={selectId}>Alumno</Label>
          <select id={selectId} className="h-9 w-full rounded-md border bg-background px-2 text-sm" value={studentId} onChange={(e) => setStudentId(e.target.value)}>
            <option value="">Selecciona un alumno</option>
            {eligible.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.dni ? ` (${s.dni})` : ""}
              </option>
            ))}
          </select>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button
            disabled={!studentId || register.isPending}
            onClick={() =>
              register.mutate(
                { slotId: slot.id, studentId },
                {
                  onSuccess: () => {
                    setStudentId("");
                    onOpenChange(false);
                  },
                },
              )
            }
          >
            {register.isPending ? "Inscribiendo..." : "Inscribir"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
