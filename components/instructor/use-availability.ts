"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { availabilityOverrideSchema, CreateOverrideBody, ReplaceRulesBody } from "@/lib/contract/availability";
import { toast } from "@/components/ui/use-toast";
import { instructorQueries } from "./queries";

const onFailure = (error: unknown) =>
  toast({
    title: "No se pudo guardar",
    description: errorText(error, "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo."),
    variant: "destructive",
  });

// Availability changes move the calendar, the dashboard and every booking calendar: refresh the instructor's data.
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: instructorQueries.all() });
}

export function useSaveRules() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ReplaceRulesBody) => apiRequest("/instructor/availability/rules", { method: "PUT", json: body }),
    onSuccess: () => toast({ title: "Horario guardado", description: "Tu horario semanal se ha actualizado.", variant: "success" }),
    onError: onFailure,
    onSettled: refresh,
  });
}

export function useAddOverride() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateOverrideBody) => apiPost<Answer<typeof availabilityOverrideSchema>>("/instructor/availability/overrides", body),
    onSuccess: () => toast({ title: "Excepción añadida", description: "El cambio se ha guardado en tu horario.", variant: "success" }),
    onError: onFailure,
    onSettled: refresh,
  });
}

export function useDeleteOverride() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/instructor/availability/overrides/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => toast({ title: "Excepción eliminada", description: "El cambio se ha eliminado de tu horario." }),
    onError: onFailure,
    onSettled: refresh,
  });
}
