import { queryOptions } from "@tanstack/react-query";
import { apiGet, type Answer } from "@/lib/api-client";
import type { officeHomeSchema } from "@/lib/contract/office-home";
import type { officeNoteListSchema, studentFileSchema } from "@/lib/contract/people";
import type { ownContactSchema } from "@/lib/contract/phone";

const ONE_MINUTE = 60_000;

// The office's home, a student's page (office and instructor views), the office's notes and the person's own contact.
export const officeQueries = {
  all: () => ["office"] as const,
  home: () =>
    queryOptions({
      queryKey: [...officeQueries.all(), "home"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof officeHomeSchema>>("/administrator/home", signal),
      staleTime: ONE_MINUTE,
      // The office keeps the page open all morning: requests and payments come in while it is on screen.
      refetchInterval: ONE_MINUTE,
    }),
  studentFile: (viewer: "administrator" | "instructor", id: string) =>
    queryOptions({
      queryKey: [...officeQueries.all(), "student-file", viewer, id] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof studentFileSchema>>(`/${viewer}/student-files/${encodeURIComponent(id)}`, signal),
      staleTime: ONE_MINUTE,
    }),
  notes: (id: string) =>
    queryOptions({
      queryKey: [...officeQueries.all(), "notes", id] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof officeNoteListSchema>>(`/administrator/student-files/${encodeURIComponent(id)}/notes`, signal),
      staleTime: ONE_MINUTE,
    }),
  ownContact: () =>
    queryOptions({
      queryKey: [...officeQueries.all(), "own-contact"] as const,
      queryFn: ({ signal }) => apiGet<Answer<typeof ownContactSchema>>("/me/contact", signal),
      staleTime: 5 * ONE_MINUTE,
    }),
};
