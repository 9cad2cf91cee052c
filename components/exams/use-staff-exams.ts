"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, type Answer } from "@/lib/api-client";
import type {
  examAttendanceAnswerSchema,
  staffExamSchema,
  CreateExamBody,
  UpdateExamSlotBody,
} from "@/lib/contract/exams";
import { toast } from "@/components/ui/use-toast";
import { registrationErrorToast } from "./exam-texts";
import { examQueries, type StaffArea } from "./queries";

function useStaffMutation<V>(run: (v: V) => Promise<unknown>, success: { title: string; description?: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => toast({ ...success, variant: "success" }),
    onError: (error) => toast({ ...registrationErrorToast(error), variant: "destructive" }),
    onSettled: () => client.invalidateQueries({ queryKey: examQueries.all() }),
  });
}

export const useCreateExam = (area: StaffArea) =>
  useStaffMutation((body: CreateExamBody) => apiPost<Answer<typeof staffExamSchema>>(`/${area}/exams`, body), { title: "Convocatoria creada" });

export const useDeleteExam = (area: StaffArea) =>
  useStaffMutation((id: string) => apiRequest(`/${area}/exams/${encodeURIComponent(id)}`, { method: "DELETE" }), { title: "Convocatoria eliminada" });

export const useUpdateSlot = (area: StaffArea) =>
  useStaffMutation(
    ({ id, ...body }: UpdateExamSlotBody & { id: string }) => apiRequest(`/${area}/exam-slots/${encodeURIComponent(id)}`, { method: "PATCH", json: body }),
    { title: "Plazas actualizadas" },
  );

export const useRecordResult = (area: StaffArea) =>
  useStaffMutation(
    ({ id, result }: { id: string; result: number }) => apiPost(`/${area}/exam-attendances/${encodeURIComponent(id)}/result`, { result }),
    { title: "Resultado guardado" },
  );

export const useWithdrawAttendance = (area: StaffArea) =>
  useStaffMutation(
    (id: string) => apiPost<Answer<typeof examAttendanceAnswerSchema>>(`/${area}/exam-attendances/${encodeURIComponent(id)}/withdraw`, undefined),
    { title: "Alumno retirado del examen", description: "Si había lista de reserva, el primero ha pasado a estar inscrito." },
  );

export const useRegisterStudent = (area: StaffArea) =>
  useStaffMutation(
    ({ slotId, studentId }: { slotId: string; studentId: string }) =>
      apiPost<Answer<typeof examAttendanceAnswerSchema>>(`/${area}/exam-slots/${encodeURIComponent(slotId)}/registrations`, { studentId }),
    { title: "Alumno inscrito" },
  );
