"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "@/lib/api-client";
import { capCourseSchema, type CreateCapCourseBody } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCapCourseBody) => apiPost("/administrator/cap/cap-courses", body, capCourseSchema),
    onSuccess: (course) => {
      queryClient.setQueryData(biometricQueries.course(course.id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: biometricQueries.courses().queryKey, exact: true });
    },
  });
}
