"use client";

import { useState } from "react";
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
import { useRequestCancellation } from "./use-reservation-actions";

type Props = { reservationId: string; open: boolean; onOpenChange: (open: boolean) => void };

export function RequestCancellationDialog({ reservationId, open, onOpenChange }: Props) {
  const [reason, setReason] = useState("");
  const request = useRequestCancellation();
  const isBlank = reason.trim().length === 0;

  const onChange = (next: boolean) => {
    if (request.isPending) return;
    if (!next) setReason("");
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={onChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (isBlank || request.isPending) return;
            request.mutate({ id: reservationId, reason }, { onSettled: () => onChange(false) });
          }}
        >
          <DialogHeader>
            <DialogTitle>Solicitar cancelación</DialogTitle>
            <DialogDescription>
              La autoescuela revisará tu solicitud y te comunicará su decisión.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`cancellation-reason-${reservationId}`}>Motivo de la cancelación *</Label>
            <Textarea
              id={`cancellation-reason-${reservationId}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              rows={4}
              disabled={request.isPending}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onChange(false)} disabled={request.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={isBlank || request.isPending}>
              {request.isPending ? "Procesando..." : "Enviar solicitud"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
