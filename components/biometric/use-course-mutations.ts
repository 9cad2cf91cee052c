"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, type Answer } from "@/lib/api-client";
import type { capCourseSchema, CreateCapCourseBody } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCapCourseBody) => apiPost<Answer<typeof capCourseSchema>>("/administrator/cap/cap-courses", body),
    onSuccess: (course) => {
      queryClient.setQueryData(biometricQueries.course(course.id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: biometricQueries.courses().queryKey, exact: true });
    },
  });
}
