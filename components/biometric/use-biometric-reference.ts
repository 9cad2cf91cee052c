"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, type Answer } from "@/lib/api-client";
import type { saveBiometricReferenceResponseSchema } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

export function saveReference(studentId: string, image: string) {
  return apiPost<Answer<typeof saveBiometricReferenceResponseSchema>>(`/administrator/students/${studentId}/biometric-reference`, { image });
}

/** After a reference is saved, the reference view and the student (hasBiometricReference) refresh. */
export function useInvalidateReference() {
  const queryClient = useQueryClient();
  return (studentId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: biometricQueries.student(studentId).queryKey }),
      queryClient.invalidateQueries({ queryKey: [...biometricQueries.all(), "students", "list"] }),
    ]);
}

export function useSaveReference(studentId: string) {
  const invalidate = useInvalidateReference();
  return useMutation({
    mutationFn: (image: string) => saveReference(studentId, image),
    onSuccess: () => invalidate(studentId),
  });
}
