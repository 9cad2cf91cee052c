"use client";

import Link from "next/link";
import { ExternalLink } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ReportOutcome } from "./use-attendance-report";

// The Ministry of Transport's CAP application, where the centre uploads the daily file (not the DGT).
export const CAP_APPLICATION_URL = "https://sede.transportes.gob.es/";

type Props = { outcome: ReportOutcome | null; fileName: string; onClose: () => void };

export function ReportResultDialog({ outcome, fileName, onClose }: Props) {
  return (
    <Dialog open={outcome !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{outcome ? <Body outcome={outcome} fileName={fileName} onClose={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function Body({ outcome, fileName, onClose }: { outcome: ReportOutcome; fileName: string; onClose: () => void }) {
  const close = (
    <Button variant="outline" onClick={onClose}>
      Cerrar
    </Button>
  );
  switch (outcome) {
    case "success":
      return (
        <>
          <DialogHeader>
            <DialogTitle>Informe descargado</DialogTitle>
            <DialogDescription>
              Se ha descargado el archivo <span className="font-medium text-foreground">{fileName}</span>. Súbelo a la aplicación CAP del
              Ministerio de Transportes.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            {close}
            <Button asChild>
              <a href={CAP_APPLICATION_URL} target="_blank" rel="noopener noreferrer">
                Aplicación CAP del Ministerio de Transportes
                <ExternalLink aria-hidden />
              </a>
            </Button>
          </DialogFooter>
        </>
      );
    case "incomplete":
      return (
        <>
          <DialogHeader>
            <DialogTitle>Asistencias incompletas</DialogTitle>
            <DialogDescription>
              Ningún alumno de la sesión tiene registradas la entrada y la salida. Registra ambas para poder generar el informe.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>{close}</DialogFooter>
        </>
      );
    case "authorization":
      return (
        <>
          <DialogHeader>
            <DialogTitle>Código de autorización del centro no configurado</DialogTitle>
            <DialogDescription>
              Para generar el informe hace falta el número de autorización del centro. Configúralo en la sección del curso.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            {close}
            <Button asChild>
              <Link href="/biometric/sections">Ir a secciones</Link>
            </Button>
          </DialogFooter>
        </>
      );
    default:
      return (
        <>
          <DialogHeader>
            <DialogTitle>Error</DialogTitle>
            <DialogDescription>Error al generar el informe. Por favor, inténtelo de nuevo.</DialogDescription>
          </DialogHeader>
          <DialogFooter>{close}</DialogFooter>
        </>
      );
  }
}
