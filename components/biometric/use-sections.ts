"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest } from "@/lib/api-client";
import { sectionSchema, type SectionBody } from "@/lib/contract/cap";
import { biometricQueries } from "./queries";

/** Creates a section, or updates one when `sectionId` is given. */
export function useSaveSection(sectionId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SectionBody) =>
      apiPost(sectionId ? `/administrator/sections/${sectionId}` : "/administrator/sections", body, sectionSchema),
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
