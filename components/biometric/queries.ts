import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiGet } from "@/lib/api-client";
import {
  biometricReferenceSchema,
  capCourseListSchema,
  capCourseSchema,
  capSessionListSchema,
  capSessionSchema,
  capStudentSchema,
  enrollmentListSchema,
  sectionListSchema,
  STUDENT_PAGE_DEFAULT_LIMIT,
  studentPageSchema,
} from "@/lib/contract/cap";

// Spec §9 cache lifetimes: courses 1 minute, sections 5 minutes, enrolments 1 minute.
const MINUTE = 60_000;

export type StudentListParams = { search?: string; page?: number; limit?: number };

// Spec §7: page 1 and limit 20 are the defaults and are omitted from the query.
export function studentListPath({ search, page = 1, limit = STUDENT_PAGE_DEFAULT_LIMIT }: StudentListParams): string {
  const query = new URLSearchParams();
  if (search?.trim()) query.set("search", search.trim());
  if (page !== 1) query.set("page", String(page));
  if (limit !== STUDENT_PAGE_DEFAULT_LIMIT) query.set("limit", String(limit));
  const qs = query.toString();
  return `/administrator/students${qs ? `?${qs}` : ""}`;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const biometricQueries = {
  all: () => ["biometric"] as const,
  sections: () =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "sections"] as const,
      queryFn: ({ signal }) => apiGet("/administrator/sections", sectionListSchema, signal),
      staleTime: 5 * MINUTE,
    }),
  courses: () =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "courses"] as const,
      queryFn: ({ signal }) => apiGet("/administrator/cap/cap-courses", capCourseListSchema, signal),
      staleTime: MINUTE,
    }),
  course: (courseId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.courses().queryKey, courseId] as const,
      queryFn: ({ signal }) => apiGet(`/administrator/cap/cap-courses/${courseId}`, capCourseSchema, signal),
      staleTime: MINUTE,
    }),
  sessions: (courseId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.course(courseId).queryKey, "sessions"] as const,
      queryFn: ({ signal }) => apiGet(`/administrator/cap/cap-courses/${courseId}/sessions`, capSessionListSchema, signal),
    }),
  enrollments: (courseId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.course(courseId).queryKey, "enrollments"] as const,
      queryFn: ({ signal }) => apiGet(`/administrator/cap/cap-courses/${courseId}/enrollments`, enrollmentListSchema, signal),
      staleTime: MINUTE,
    }),
  session: (sessionId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "sessions", sessionId] as const,
      queryFn: ({ signal }) => apiGet(`/administrator/cap/cap-sessions/${sessionId}`, capSessionSchema, signal),
    }),
  students: (params: StudentListParams) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "students", "list", params] as const,
      queryFn: ({ signal }) => apiGet(studentListPath(params), studentPageSchema, signal),
    }),
  student: (studentId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "students", studentId] as const,
      queryFn: ({ signal }) => apiGet(`/administrator/students/${studentId}`, capStudentSchema, signal),
    }),
  // Spec §7: a 404 means the student has no reference yet.
  reference: (studentId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.student(studentId).queryKey, "reference"] as const,
      queryFn: ({ signal }) =>
        apiGet(`/administrator/students/${studentId}/biometric-reference`, biometricReferenceSchema, signal).catch(
          (error: unknown) => {
            if (isNotFound(error)) return null;
            throw error;
          },
        ),
    }),
};

// Spec §9: the student list shows pages of 18 (the API default is 20).
export const STUDENTS_PAGE_SIZE = 18;
// The student list's first screen, unsearched (also filled on the server).
export const studentsFirstView = () => [biometricQueries.students({ search: "", page: 1, limit: STUDENTS_PAGE_SIZE })];
