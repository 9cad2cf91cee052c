"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTime } from "@/lib/format/dates";
import { useExamRegistration, type ExamAction, type PendingAction } from "./use-exam-registration";

const COPY: Record<ExamAction, { title: string; confirm: string; question: string }> = {
  register: { title: "Confirmar inscripción", confirm: "Sí, inscribirme", question: "¿Quieres inscribirte en el examen" },
  backup: { title: "Confirmar reserva", confirm: "Sí, apuntarme en reserva", question: "¿Quieres apuntarte en la lista de reserva del examen" },
  withdraw: { title: "Anular inscripción", confirm: "Sí, anular", question: "¿Seguro que quieres dejar el examen" },
};

// Spec §5: registering and joining a reserve list need an explicit confirmation (and so does leaving). The cancel button
// keeps the confirm dialog's default of spec 000 §9, 'Cancelar'.
export function ExamActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const mutation = useExamRegistration();
  const copy = COPY[pending?.action ?? "register"];
  const what = pending ? `${pending.slot.examType.name} del permiso ${pending.slot.licenseName} del ${formatDateTime(pending.date)}` : "";
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={copy.title}
      description={`${copy.question} ${what}?`}
      confirmText={copy.confirm}
      variant={pending?.action === "withdraw" ? "destructive" : "default"}
      isLoading={mutation.isPending}
      onConfirm={() => {
        if (pending) mutation.mutate(pending, { onSettled: onClose });
      }}
    />
  );
}
