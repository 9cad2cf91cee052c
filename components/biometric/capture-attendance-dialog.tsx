"use client";

import { useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Info, ScanFace } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { CapSession } from "@/lib/contract/cap";
import type { CameraHandle } from "./camera";
import { LazyCamera } from "./lazy-camera";
import { biometricQueries } from "./queries";
import type { CaptureTarget } from "./session-detail";
import { useAttendanceCapture } from "./use-attendance-capture";

// Spec §9: the attendance camera is 640x480, JPEG.
const WIDTH = 640;
const HEIGHT = 480;

type Props = { session: CapSession; target: CaptureTarget | null; onOpenChange: (open: boolean) => void };

export function CaptureAttendanceDialog({ session, target, onOpenChange }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {target ? <CapturePanel key={`${target.attendance.id}-${target.type}`} session={session} target={target} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CapturePanel({ session, target, onClose }: { session: CapSession; target: CaptureTarget; onClose: () => void }) {
  const { attendance, type } = target;
  const camera = useRef<CameraHandle | null>(null);
  const [isCameraReady, setIsCameraReady] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const reference = useQuery(biometricQueries.reference(attendance.studentId));
  const { state, submit } = useAttendanceCapture({ session, studentId: attendance.studentId, type }, onClose);
  const isBusy = state.status === "loading" || state.status === "success";

  return (
    <>
      <DialogHeader>
        <DialogTitle>{type === "in" ? "Registrar Entrada" : "Registrar Salida"}</DialogTitle>
        <DialogDescription>
          {attendance.studentName} · {attendance.studentDni}
        </DialogDescription>
      </DialogHeader>
      {reference.data === null ? (
        <Alert>
          <Info aria-hidden />
          <AlertDescription>
            Este alumno no tiene referencia biométrica: la captura se guardará como referencia y se usará para registrar la asistencia.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="relative overflow-hidden rounded-md">
        <LazyCamera
          handleRef={camera}
          width={WIDTH}
          height={HEIGHT}
          onReady={() => setIsCameraReady(true)}
          onError={() => setCameraError(true)}
        />
        {state.status === "loading" ? (
          <Overlay className="bg-black/50 text-white">
            <Spinner className="size-8" />
            Escaneando...
          </Overlay>
        ) : state.status === "success" ? (
          <Overlay className="bg-success/80 text-success-foreground">
            <CheckCircle2 className="size-10" aria-hidden />
            Identificado
          </Overlay>
        ) : null}
      </div>
      {cameraError ? (
        <Alert variant="destructive">
          <AlertDescription>No se ha podido acceder a la cámara. Comprueba los permisos del navegador.</AlertDescription>
        </Alert>
      ) : null}
      {state.status === "error" ? (
        <Alert variant="destructive">
          <AlertTitle className="line-clamp-none">{state.error.title}</AlertTitle>
          <AlertDescription>{state.error.description}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={isBusy}>
          Cancelar
        </Button>
        <Button onClick={() => submit(camera.current?.capture() ?? null)} disabled={!isCameraReady || isBusy || reference.isPending}>
          <ScanFace aria-hidden />
          {state.status === "error" ? "Reintentar" : "Capturar"}
        </Button>
      </DialogFooter>
    </>
  );
}

function Overlay({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={`absolute inset-0 flex flex-col items-center justify-center gap-2 text-lg font-semibold ${className}`}>
      {children}
    </div>
  );
}
