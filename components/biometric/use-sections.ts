"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, type Answer } from "@/lib/api-client";
import type { sectionSchema, SectionBody } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

/** Creates a section, or updates one when `sectionId` is given. */
export function useSaveSection(sectionId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SectionBody) =>
      apiPost<Answer<typeof sectionSchema>>(sectionId ? `/administrator/sections/${sectionId}` : "/administrator/sections", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biometricQueries.sections().queryKey }),
  });
}

export function useDeleteSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sectionId: string) => apiRequest(`/administrator/sections/${sectionId}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: biometricQueries.sections().queryKey }),
  });
}
