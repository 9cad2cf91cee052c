"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiPost, apiRequest, errorText } from "@/lib/api-client";
import { slotAlertQueries } from "./queries";
import type { AlertRange } from "./slot-alert-range";

export const ALERT_CREATED = "Te avisaremos si se libera un hueco";

// A refusal the API explains (ten alerts already, a day outside the booking horizon) is shown as it says; the
// generic ones are the mutation cache's toasts.
const onRefused = (title: string) => (error: unknown) => {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage && error.code !== "INVALID_JSON") {
    toast({ title, description: errorText(error), variant: "destructive" });
  }
};

/** POST /api/student/slot-alerts (201), then the list again. */
export function useCreateSlotAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { instructorId: string } & AlertRange) => apiPost("/student/slot-alerts", body),
    onSuccess: () => toast({ title: ALERT_CREATED, description: "Te llegará un aviso en cuanto alguien cancele una clase en esas fechas.", variant: "success" }),
    onError: onRefused("No se pudo crear el aviso"),
    onSettled: () => client.invalidateQueries({ queryKey: slotAlertQueries.all() }),
  });
}

/** DELETE /api/student/slot-alerts/:id (204). */
export function useRemoveSlotAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/student/slot-alerts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => toast({ title: "Aviso quitado" }),
    onError: onRefused("No se pudo quitar el aviso"),
    onSettled: () => client.invalidateQueries({ queryKey: slotAlertQueries.all() }),
  });
}
