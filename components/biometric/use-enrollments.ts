"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, type Answer } from "@/lib/api-client";
import type { enrollResultSchema } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

export function useEnrollStudents(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentIds: string[]) =>
      apiPost<Answer<typeof enrollResultSchema>>(`/administrator/cap/cap-courses/${courseId}/enrollments`, { studentIds }),
    onSuccess: (result) => {
      // Spec §8: enrol results are logged with their counts.
      console.info(`[cap] enrolment: ${result.successful.length} successful, ${result.failed.length} failed`);
      return queryClient.invalidateQueries({ queryKey: biometricQueries.enrollments(courseId).queryKey });
    },
  });
}

export function useUnenrollStudent(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: string) =>
      apiRequest(`/administrator/cap/cap-courses/${courseId}/enrollments/${enrollmentId}`, { method: "DELETE" }),
    // Spec §8: an unenrol failure is only logged, with no message to the user.
    onError: (error) => console.error("[cap] unenrol failed", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: biometricQueries.enrollments(courseId).queryKey }),
  });
}
