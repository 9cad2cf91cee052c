"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, type Answer } from "@/lib/api-client";
import type { capStudentSchema, CapStudentBody } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

/** Creates a CAP student, or updates one when `studentId` is given. */
export function useSaveStudent(studentId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CapStudentBody) =>
      apiPost<Answer<typeof capStudentSchema>>(
        studentId ? `/administrator/students/${studentId}/update-cap` : "/administrator/students/create-cap",
        body,
      ),
    onSuccess: (student) => {
      queryClient.setQueryData(biometricQueries.student(student.id).queryKey, student);
      return queryClient.invalidateQueries({ queryKey: [...biometricQueries.all(), "students", "list"] });
    },
  });
}
