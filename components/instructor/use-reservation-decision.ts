"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost, errorText, type Answer } from "@/lib/api-client";
import type { instructorReservationSchema } from "@/lib/contract/instructor";
import { toast } from "@/components/ui/use-toast";
import { instructorQueries } from "./queries";

export type Decision = "confirm" | "deny" | "annul" | "acceptCancellation" | "rejectCancellation";

const PATHS: Record<Decision, string> = {
  confirm: "confirm",
  deny: "deny",
  annul: "annul",
  acceptCancellation: "cancellation-request/accept",
  rejectCancellation: "cancellation-request/reject",
};

// Our own texts (docs/decisions/reservations-ui.md): the spec does not show the instructor's screens.
const SUCCESS: Record<Decision, { title: string; description: string }> = {
  confirm: { title: "Reserva confirmada", description: "La reserva se ha confirmado correctamente." },
  deny: { title: "Reserva denegada", description: "La solicitud se ha denegado y el saldo se ha devuelto al alumno." },
  annul: { title: "Reserva anulada", description: "La reserva se ha anulado y el saldo se ha devuelto al alumno." },
  acceptCancellation: {
    title: "Cancelación aceptada",
    description: "La reserva se ha cancelado y el saldo se ha devuelto al alumno.",
  },
  rejectCancellation: {
    title: "Cancelación rechazada",
    description: "La reserva se mantiene. El alumno verá el motivo del rechazo.",
  },
};

export function useReservationDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: Decision; reason?: string }) =>
      apiPost<Answer<typeof instructorReservationSchema>>(
        `/instructor/reservations/${encodeURIComponent(id)}/${PATHS[decision]}`,
        reason === undefined ? {} : { reason },
      ),
    onSuccess: (_data, { decision }) => toast({ ...SUCCESS[decision], variant: "success" }),
    onError: (error) =>
      toast({
        title: "No se pudo completar la acción",
        description: errorText(error, "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo."),
        variant: "destructive",
      }),
    onSettled: () => client.invalidateQueries({ queryKey: instructorQueries.all() }),
  });
}
