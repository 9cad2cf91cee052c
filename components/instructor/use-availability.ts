"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiPost, apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { AffectedReservation, createOverrideResponseSchema, CreateOverrideBody, ReplaceRulesBody } from "@/lib/contract/availability";
import { countOf, plural } from "@/lib/format/plural";
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

/** The lessons a refused day off covers (409 RESERVATIONS_ON_DAY_OFF), or null for any other failure. */
export function reservationsOnDayOff(error: unknown): AffectedReservation[] | null {
  return error instanceof ApiError && error.code === "RESERVATIONS_ON_DAY_OFF" && Array.isArray(error.body.reservations)
    ? (error.body.reservations as AffectedReservation[])
    : null;
}

const addedText = (annulled: number) =>
  annulled === 0
    ? "El cambio se ha guardado en tu horario."
    : `Se ${plural(annulled, "ha", "han")} anulado ${countOf(annulled, "reserva", "reservas")} y se ha devuelto su importe ${plural(annulled, "al alumno", "a los alumnos")}.`;

export function useAddOverride() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateOverrideBody) => apiPost<Answer<typeof createOverrideResponseSchema>>("/instructor/availability/overrides", body),
    onSuccess: (answer) =>
      toast({ title: "Excepción añadida", description: addedText(answer.annulledReservations?.length ?? 0), variant: "success" }),
    // A day off over booked lessons is answered by the schedule's dialog (schedule-day-off-dialog.tsx), not a toast.
    onError: (error) => (reservationsOnDayOff(error) ? undefined : onFailure(error)),
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
