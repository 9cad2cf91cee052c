"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, type Answer } from "@/lib/api-client";
import type { examAttendanceAnswerSchema, UpcomingExamSlot } from "@/lib/contract/exams";
import { toast } from "@/components/ui/use-toast";
import { registrationErrorToast } from "./exam-texts";
import { examQueries } from "./queries";

export type ExamAction = "register" | "backup" | "withdraw";
type Variables = { examId: string; slot: UpcomingExamSlot; action: ExamAction };
export type PendingAction = Variables & { date: string };

const slotPath = ({ examId, slot }: Variables) =>
  `/student/exams/${encodeURIComponent(examId)}/exam-types/${slot.examType.id}/licenses/${encodeURIComponent(slot.license)}`;

const SUCCESS: Record<ExamAction, { title: string; description: string }> = {
  register: { title: "Inscripción realizada", description: "Te has inscrito en el examen." },
  backup: { title: "Apuntado en reserva", description: "Si se libera una plaza, pasarás a estar inscrito por orden de reserva." },
  withdraw: { title: "Inscripción cancelada", description: "Ya no estás inscrito en este examen." },
};

// Spec §7 calls; after any of them the upcoming exams and the results are fetched again.
export function useExamRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: Variables) => {
      if (v.action === "register") {
        return apiPost<Answer<typeof examAttendanceAnswerSchema>>("/student/exam-attendance", { exam: v.examId, examType: v.slot.examType.id, license: v.slot.license });
      }
      if (v.action === "backup") return apiPost<Answer<typeof examAttendanceAnswerSchema>>(`${slotPath(v)}/backup-attendance`, undefined);
      return apiRequest<Answer<typeof examAttendanceAnswerSchema>>(`${slotPath(v)}/attendance`, { method: "DELETE" });
    },
    onSuccess: (_data, v) => toast({ ...SUCCESS[v.action], variant: "success" }),
    onError: (error) => toast({ ...registrationErrorToast(error), variant: "destructive" }),
    onSettled: () => client.invalidateQueries({ queryKey: examQueries.all() }),
  });
}
