"use client";

import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiGetPage, apiPost, nextPageParam, pagePath, type Answer } from "@/lib/api-client";
import type {
  attendanceCorrectionListSchema,
  CorrectAttendanceBody,
  createAttendanceResponseSchema,
  ManualAttendanceBody,
  studentAttendanceListSchema,
} from "@/lib/contract/cap";
import { biometricQueries } from "./queries";
import { useRefreshSession } from "./use-session-mutations";

// Issue 30: entries and exits by hand, corrections after the session and the student's record.

export const recordQueries = {
  corrections: (attendanceId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "attendance", attendanceId, "corrections"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof attendanceCorrectionListSchema>>(`/administrator/cap/cap-attendance/${attendanceId}/corrections`, signal),
    }),
  studentAttendances: (studentId: string) =>
    infiniteQueryOptions({
      queryKey: [...biometricQueries.student(studentId).queryKey, "cap-attendances"] as const,
      queryFn: ({ signal, pageParam }) =>
        apiGetPage<Answer<typeof studentAttendanceListSchema>>(pagePath(`/administrator/students/${studentId}/cap-attendances`, { limit: "20" }, pageParam), signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageParam,
    }),
};

type SessionRef = { id: string; capCourseId: string };

/** After a time changes: the session, its course's sessions, the student's record and the row's corrections. */
function useRefreshRecords(session: SessionRef) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return (studentId: string, attendanceId: string) =>
    Promise.all([
      refreshSession(session.id, session.capCourseId),
      queryClient.invalidateQueries({ queryKey: recordQueries.studentAttendances(studentId).queryKey }),
      queryClient.invalidateQueries({ queryKey: recordQueries.corrections(attendanceId).queryKey }),
    ]);
}

export function useManualAttendance(session: SessionRef) {
  const refresh = useRefreshRecords(session);
  return useMutation({
    mutationFn: (body: ManualAttendanceBody) => apiPost<Answer<typeof createAttendanceResponseSchema>>("/administrator/cap/cap-attendance/manual", body),
    onSuccess: ({ attendance }) => refresh(attendance.studentId, attendance.id),
  });
}

export function useCorrectAttendance(session: SessionRef, attendanceId: string) {
  const refresh = useRefreshRecords(session);
  return useMutation({
    mutationFn: (body: CorrectAttendanceBody) =>
      apiPost<Answer<typeof createAttendanceResponseSchema>>(`/administrator/cap/cap-attendance/${attendanceId}/correct`, body),
    onSuccess: ({ attendance }) => refresh(attendance.studentId, attendance.id),
  });
}
