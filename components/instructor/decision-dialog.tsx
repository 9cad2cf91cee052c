"use client";

import { useEffect, useState, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { Decision } from "./use-reservation-decision";

type DialogText = {
  title: string;
  description: string;
  confirmText: string;
  /** null: the decision takes no reason. */
  reason: { label: string; isRequired: boolean } | null;
  isDestructive: boolean;
};

// The buttons that open the dialog, on 'Mis reservas' and on the dashboard alike.
export const DECISION_BUTTON_LABELS: Record<Decision, string> = {
  confirm: "Confirmar",
  deny: "Denegar",
  annul: "Anular",
  acceptCancellation: "Aceptar cancelación",
  rejectCancellation: "Rechazar cancelación",
};

export const DECISION_TEXT: Record<Decision, DialogText> = {
  confirm: {
    title: "Confirmar reserva",
    description: "El alumno verá la reserva como confirmada.",
    confirmText: "Sí, confirmar",
    reason: null,
    isDestructive: false,
  },
  deny: {
    title: "Denegar solicitud",
    description: "La solicitud se denegará y el saldo se devolverá al alumno.",
    confirmText: "Sí, denegar",
    reason: { label: "Motivo (opcional)", isRequired: false },
    isDestructive: true,
  },
  annul: {
    title: "Anular reserva",
    description: "La reserva confirmada se anulará y el saldo se devolverá al alumno.",
    confirmText: "Sí, anular",
    reason: { label: "Motivo (opcional)", isRequired: false },
    isDestructive: true,
  },
  acceptCancellation: {
    title: "Aceptar cancelación",
    description: "La reserva se cancelará y el saldo se devolverá al alumno.",
    confirmText: "Sí, aceptar cancelación",
    reason: null,
    isDestructive: false,
  },
  rejectCancellation: {
    title: "Rechazar cancelación",
    description: "La reserva seguirá confirmada. El alumno verá el motivo del rechazo.",
    confirmText: "Rechazar cancelación",
    reason: { label: "Motivo del rechazo *", isRequired: true },
    isDestructive: true,
  },
};

type Props = {
  decision: Decision | null;
  isLoading: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
};

export function DecisionDialog({ decision, isLoading, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState("");
  useEffect(() => {
    setReason("");
  }, [decision]);
  const text = decision ? DECISION_TEXT[decision] : null;
  const isBlocked = isLoading || (text?.reason?.isRequired === true && reason.trim() === "");

  return (
    <Dialog open={decision !== null} onOpenChange={(open) => !open && !isLoading && onCancel()}>
      <DialogContent>
        {text ? (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (isBlocked) return;
              onConfirm(text.reason ? reason.trim() || undefined : undefined);
            }}
          >
            <DialogHeader>
              <DialogTitle>{text.title}</DialogTitle>
              <DialogDescription>{text.description}</DialogDescription>
            </DialogHeader>
            {text.reason ? (
              <div className="grid gap-2">
                <Label htmlFor="decision-reason">{text.reason.label}</Label>
                <Textarea
                  id="decision-reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={1000}
                  rows={3}
                  disabled={isLoading}
                />
              </div>
            ) : null}
            {/* 44 px touch targets on a phone (the dashboard's actions open this dialog between lessons). */}
            <DialogFooter>
              <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={onCancel} disabled={isLoading}>
                Cancelar
              </Button>
              <Button type="submit" variant={text.isDestructive ? "destructive" : "default"} className="h-11 sm:h-9" disabled={isBlocked}>
                {isLoading ? "Procesando..." : text.confirmText}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The mutation a card decides with: the instructor's (`useReservationDecision`) or the office's (`useOfficeDecision`). */
type DecisionMutation = {
  isPending: boolean;
  mutate: (variables: { id: string; decision: Decision; reason?: string }, options: { onSettled: () => void }) => void;
};

/**
 * One lesson's decisions on a card ('Mis reservas', the instructor's day, the office's requests): `buttons` to place
 * among the card's actions, each opening `dialog`, which sends the decision with its reason.
 */
export function useDecisionActions(id: string, mutation: DecisionMutation, button: Pick<ComponentProps<typeof Button>, "className" | "size">) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const buttons = (decisions: Decision[]) =>
    decisions.map((d) => (
      <Button key={d} {...button} variant={d === "confirm" || d === "acceptCancellation" ? "default" : "outline"} onClick={() => setDecision(d)}>
        {DECISION_BUTTON_LABELS[d]}
      </Button>
    ));
  const dialog = (
    <DecisionDialog
      decision={decision}
      isLoading={mutation.isPending}
      onCancel={() => setDecision(null)}
      onConfirm={(reason) => decision && mutation.mutate({ id, decision, reason }, { onSettled: () => setDecision(null) })}
    />
  );
  return { buttons, dialog };
}
