"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { calendarFeedSchema } from "@/lib/contract/calendar";
import { toast } from "@/components/ui/use-toast";
import { practiceQueries } from "./queries";

const onError = (error: unknown) =>
  toast({ title: "Error", description: errorText(error, "Ha ocurrido un error inesperado"), variant: "destructive" });

/**
 * Creates or replaces (rotate) the secret iCal URL, and revokes it. The URL comes only in rotate's answer (the server
 * keeps a hash): the dialog shows it from there; the cache holds what GET answers, without it.
 */
export function useCalendarFeed() {
  const client = useQueryClient();
  const key = practiceQueries.feed().queryKey;
  const rotate = useMutation({
    mutationFn: () => apiPost<Answer<typeof calendarFeedSchema>>("/student/calendar/feed", {}),
    onSuccess: (feed) => client.setQueryData(key, { path: null, createdAt: feed.createdAt }),
    onError,
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest("/student/calendar/feed", { method: "DELETE" }),
    onSuccess: () => {
      client.setQueryData(key, { path: null, createdAt: null });
      toast({ title: "Enlace desactivado", description: "El enlace anterior ya no muestra tu calendario.", variant: "success" });
    },
    onError,
  });
  return { rotate, revoke };
}
