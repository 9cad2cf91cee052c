"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { InstructorPractice, Practice } from "@/lib/contract/practices";
import { formatDuration } from "@/lib/format/duration";
import { formatKm, practiceShortDate, practiceTimeRange, SIGNATURE_TO_COME } from "./practice-format";
import { DetailItem } from "./detail-item";

// One signature of the dialog: the image, "Sin firma" when there is none, or a wait while the image the page's first
// view left out is being read.
export function Signature({ label, src }: { label: string; src: string | null }) {
  return (
    <figure className="grid gap-1">
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      {/* Signatures are drawn dark on transparent: a white card keeps them legible in the dark theme. */}
      <div className="flex h-28 items-center justify-center rounded-md border bg-white p-2">
        {src === SIGNATURE_TO_COME ? (
          // Left out of the page's first view; the browser is reading it (it comes within the page's first second).
          <span className="text-xs text-zinc-500" aria-busy="true">
            Cargando firma…
          </span>
        ) : src ? (
          <img src={src} alt={label} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-xs text-zinc-500">Sin firma</span>
        )}
      </div>
    </figure>
  );
}

type Props = { practice: Practice | InstructorPractice | null; onClose: () => void };

// 'Detalles de la práctica' (spec §2): date, schedule with duration, instructor, licence; for a practice with a
// vehicle also plate, Km. Inicio, Km. Fin, Km. Recorridos, observations and both signatures. The instructor's practices
// carry their student, shown as 'Alumno'.
export function PracticeDetailDialog({ practice, onClose }: Props) {
  return (
    <Dialog open={practice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        {practice ? (
          <>
            <DialogHeader>
              <DialogTitle>Detalles de la práctica</DialogTitle>
              <DialogDescription>{practice.type === "manual_practice" ? "Práctica manual" : "Práctica"}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-4">
              <DetailItem label="Fecha">{practiceShortDate(practice.date)}</DetailItem>
              <DetailItem label="Horario">
                <span className="tabular-nums">
                  {practiceTimeRange(practice)} ({formatDuration(practice.duration)})
                </span>
              </DetailItem>
              {"student" in practice ? <DetailItem label="Alumno">{practice.student.name}</DetailItem> : null}
              <DetailItem label="Profesor">{practice.instructor.name}</DetailItem>
              <DetailItem label="Permiso">{practice.license.name}</DetailItem>
              {practice.vehicle ? <DetailItem label="Vehículo">{practice.vehicle.plate}</DetailItem> : null}
              {practice.kmStart !== null ? <DetailItem label="Km. Inicio">{formatKm(practice.kmStart)}</DetailItem> : null}
              {practice.kmEnd !== null ? <DetailItem label="Km. Fin">{formatKm(practice.kmEnd)}</DetailItem> : null}
              {practice.kmTotal !== null ? <DetailItem label="Km. Recorridos">{formatKm(practice.kmTotal)}</DetailItem> : null}
            </dl>
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">Observaciones</p>
              <p className="text-sm break-words whitespace-pre-line">{practice.observations || "Sin observaciones"}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Signature label="Firma del alumno" src={practice.studentSignature} />
              <Signature label="Firma del profesor" src={practice.instructorSignature} />
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
