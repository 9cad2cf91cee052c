"use client";

import { MapPin, Pencil, Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { StaffExam, StaffExamSlot } from "@/lib/contract/exams";
import { formatDateTime, formatLongDay, formatTime } from "@/lib/format/dates";
import { slotCountsText } from "./exam-texts";
import { RegisterStudentDialog } from "./register-student-dialog";
import { SlotPlacesDialog } from "./slot-places-dialog";
import { StaffAttendanceList } from "./staff-attendance-list";
import type { StaffArea } from "./queries";
import { useDeleteExam } from "./use-staff-exams";

function SlotSection({ area, exam, slot }: { area: StaffArea; exam: StaffExam; slot: StaffExamSlot }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isRegistering, setIsRegistering] = useState(false);
  return (
    <section className="py-3" aria-label={`${slot.examType.name} · Permiso ${slot.license.name}`} data-testid="staff-exam-slot">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-medium">
            {slot.examType.name} <span className="text-muted-foreground">· Permiso {slot.license.name}</span>
          </h3>
          <p className="text-sm text-muted-foreground" data-testid="staff-exam-slot-counts">
            {slotCountsText(area, slot)}
          </p>
        </div>
        {exam.isHeld ? null : (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setIsRegistering(true)}>
              <UserPlus aria-hidden /> Inscribir alumno
            </Button>
            <Button size="sm" variant="outline" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden /> Editar plazas
            </Button>
          </div>
        )}
      </div>
      <StaffAttendanceList area={area} isHeld={exam.isHeld} attendances={slot.attendances} />
      <SlotPlacesDialog area={area} slot={slot} open={isEditing} onOpenChange={setIsEditing} />
      <RegisterStudentDialog area={area} slot={slot} open={isRegistering} onOpenChange={setIsRegistering} />
    </section>
  );
}

export function StaffExamCard({ area, exam }: { area: StaffArea; exam: StaffExam }) {
  const [isDeleting, setIsDeleting] = useState(false);
  const remove = useDeleteExam(area);
  const isEmpty = exam.slots.every((s) => s.registeredCount === 0 && s.backupCount === 0);
  return (
    <Card className="gap-2" data-testid="staff-exam">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1">
          <CardTitle className="first-letter:uppercase">
            {formatLongDay(exam.date)} · {formatTime(exam.date)}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Inscripciones del {formatDateTime(exam.inscriptionsOpening)} al {formatDateTime(exam.inscriptionsClosing)}
          </p>
          {exam.location ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPin className="size-4" aria-hidden /> {exam.location}
            </p>
          ) : null}
        </div>
        {!exam.isHeld && isEmpty ? (
          <Button size="icon" variant="ghost" aria-label="Eliminar convocatoria" onClick={() => setIsDeleting(true)}>
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="divide-y">
        {exam.slots.length === 0 ? <p className="py-3 text-sm text-muted-foreground">Sin plazas de tus permisos</p> : null}
        {exam.slots.map((slot) => (
          <SlotSection key={slot.id} area={area} exam={exam} slot={slot} />
        ))}
      </CardContent>
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title="Eliminar convocatoria"
        description="¿Seguro que quieres eliminar esta convocatoria de examen?"
        confirmText="Sí, eliminar"
        variant="destructive"
        isLoading={remove.isPending}
        onConfirm={() => remove.mutate(exam.id, { onSettled: () => setIsDeleting(false) })}
      />
    </Card>
  );
}
