"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, errorText } from "@/lib/api-client";
import { toast } from "@/components/ui/use-toast";
import type { Decision } from "@/components/instructor/use-reservation-decision";
import { officeQueries } from "./queries";

// The office decides on any of the school's reservations (POST /api/administrator/reservations/{id}/…), with the
// instructors' rules and dialogs; the answer is audited as the office's.
const PATHS: Record<Decision, string> = {
  confirm: "confirm",
  deny: "deny",
  annul: "annul",
  acceptCancellation: "cancellation-request/accept",
  rejectCancellation: "cancellation-request/reject",
};

const SUCCESS: Record<Decision, string> = {
  confirm: "Reserva confirmada",
  deny: "Solicitud denegada",
  annul: "Reserva anulada",
  acceptCancellation: "Cancelación aceptada",
  rejectCancellation: "Cancelación rechazada",
};

export function useOfficeDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: Decision; reason?: string }) =>
      apiPost(`/administrator/reservations/${encodeURIComponent(id)}/${PATHS[decision]}`, reason === undefined ? {} : { reason }),
    onSuccess: (_data, { decision }) => toast({ title: SUCCESS[decision], variant: "success" }),
    onError: (error) =>
      toast({
        title: "No se pudo completar la acción",
        description: errorText(error, "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo."),
        variant: "destructive",
      }),
    onSettled: () => client.invalidateQueries({ queryKey: officeQueries.all() }),
  });
}
