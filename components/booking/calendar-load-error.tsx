"use client";

import { AlertCircle, RotateCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

// Spec §8: booking calendar load failure, with a retry that reloads the page.
export function CalendarLoadError() {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertTitle>Error al cargar el calendario</AlertTitle>
      <AlertDescription>
        <p>No se pudieron cargar los horarios disponibles. Por favor, inténtalo de nuevo.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Reintentar
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function BookingUnavailable() {
  return (
    <Alert>
      <AlertCircle aria-hidden />
      <AlertTitle>Reservas no disponibles</AlertTitle>
      <AlertDescription>No se pueden realizar reservas en este momento. Por favor, inténtalo más tarde.</AlertDescription>
    </Alert>
  );
}
