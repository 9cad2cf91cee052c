import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiGet, type Answer } from "@/lib/api-client";
import type {
  biometricReferenceSchema,
  capCourseListSchema,
  capCourseSchema,
  capSessionListSchema,
  capSessionSchema,
  capStudentSchema,
  enrollmentListSchema,
  sectionListSchema,
  studentPageSchema,
} from "@/lib/contract/cap";
import { STUDENT_PAGE_DEFAULT_LIMIT } from "@/lib/contract/constants/cap";

// Spec §9 cache lifetimes: courses 1 minute, sections 5 minutes, enrolments 1 minute.
const MINUTE = 60_000;

// `cursor` (the previous page's pagination.nextCursor) reads the page by keyset; `page` is then the number shown.
export type StudentListParams = { search?: string; page?: number; limit?: number; cursor?: string | null };

// Spec §7: page 1 and limit 20 are the defaults and are omitted from the query.
export function studentListPath({ search, page = 1, limit = STUDENT_PAGE_DEFAULT_LIMIT, cursor }: StudentListParams): string {
  const query = new URLSearchParams();
  if (search?.trim()) query.set("search", search.trim());
  if (page !== 1) query.set("page", String(page));
  if (limit !== STUDENT_PAGE_DEFAULT_LIMIT) query.set("limit", String(limit));
  if (cursor) query.set("cursor", cursor);
  const qs = query.toString();
  return `/administrator/students${qs ? `?${qs}` : ""}`;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const biometricQueries = {
  all: () => ["biometric"] as const,
  sections: () =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "sections"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof sectionListSchema>>("/administrator/sections", signal),
      staleTime: 5 * MINUTE,
    }),
  courses: () =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "courses"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof capCourseListSchema>>("/administrator/cap/cap-courses", signal),
      staleTime: MINUTE,
    }),
  course: (courseId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.courses().queryKey, courseId] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof capCourseSchema>>(`/administrator/cap/cap-courses/${courseId}`, signal),
      staleTime: MINUTE,
    }),
  sessions: (courseId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.course(courseId).queryKey, "sessions"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof capSessionListSchema>>(`/administrator/cap/cap-courses/${courseId}/sessions`, signal),
    }),
  enrollments: (courseId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.course(courseId).queryKey, "enrollments"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof enrollmentListSchema>>(`/administrator/cap/cap-courses/${courseId}/enrollments`, signal),
      staleTime: MINUTE,
    }),
  session: (sessionId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "sessions", sessionId] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof capSessionSchema>>(`/administrator/cap/cap-sessions/${sessionId}`, signal),
    }),
  students: (params: StudentListParams) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "students", "list", params] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof studentPageSchema>>(studentListPath(params), signal),
    }),
  student: (studentId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.all(), "students", studentId] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof capStudentSchema>>(`/administrator/students/${studentId}`, signal),
    }),
  // Spec §7: a 404 means the student has no reference yet.
  reference: (studentId: string) =>
    queryOptions({
      queryKey: [...biometricQueries.student(studentId).queryKey, "reference"] as const,
      queryFn: ({ signal }) =>
        apiGet<Answer<typeof biometricReferenceSchema>>(`/administrator/students/${studentId}/biometric-reference`, signal).catch(
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
export const studentsFirstView = () => [biometricQueries.students({ search: "", page: 1, limit: STUDENTS_PAGE_SIZE, cursor: null })];
