"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, type Answer } from "@/lib/api-client";
import type { attendanceSchema, capSessionSchema, AddAttendanceBody, CreateCapSessionBody } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

export function useCreateSession(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCapSessionBody) =>
      apiPost<Answer<typeof capSessionSchema>>(`/administrator/cap/cap-courses/${courseId}/sessions`, body),
    onSuccess: (session) => {
      queryClient.setQueryData(biometricQueries.session(session.id).queryKey, session);
      return queryClient.invalidateQueries({ queryKey: biometricQueries.sessions(courseId).queryKey });
    },
  });
}

/** Refreshes a session and its course's sessions (spec §4, after an attendance changes). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return (sessionId: string, courseId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: biometricQueries.session(sessionId).queryKey }),
      queryClient.invalidateQueries({ queryKey: biometricQueries.sessions(courseId).queryKey }),
    ]);
}

export function useAddAttendance(sessionId: string, courseId: string) {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: AddAttendanceBody) => apiPost<Answer<typeof attendanceSchema>>("/administrator/cap/cap-attendance", body),
    onSuccess: () => refresh(sessionId, courseId),
  });
}
