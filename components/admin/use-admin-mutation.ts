"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";

// A back-office write: on success a toast and a refresh of every administrator query it may touch.
export function useAdminMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>, success?: (result: TResult) => string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      const title = success?.(result);
      if (title) toast({ title, variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["administrator"] });
    },
  });
}
