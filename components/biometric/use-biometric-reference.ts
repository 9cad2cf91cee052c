"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, type Answer } from "@/lib/api-client";
import type { saveBiometricReferenceResponseSchema } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

/** Saves the student's references (issue 30: 1 to 5 images of one enrolment, the first is the card's). */
export function saveReferences(studentId: string, images: string[]) {
  return apiPost<Answer<typeof saveBiometricReferenceResponseSchema>>(`/administrator/students/${studentId}/biometric-reference`, { images });
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

export function useSaveReferences(studentId: string) {
  const invalidate = useInvalidateReference();
  return useMutation({
    mutationFn: (images: string[]) => saveReferences(studentId, images),
    onSuccess: () => invalidate(studentId),
  });
}
