"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Hand, Info, ScanFace } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { CapSession } from "@/lib/contract/cap";
import type { ManualReason } from "@/lib/contract/constants/cap";
import type { CameraHandle } from "./camera";
import type { CaptureTarget } from "./capture-target";
import { LazyCamera } from "./lazy-camera";
import { LivePrompt } from "./live-prompt";
import { biometricQueries } from "./queries";
import { useAttendanceCapture } from "./use-attendance-capture";
import { useLiveCapture, type LiveCaptureResult } from "./use-live-capture";

// Spec §9: the attendance camera is 640x480, JPEG.
const WIDTH = 640;
const HEIGHT = 480;

type Props = {
  session: CapSession;
  target: CaptureTarget | null;
  onOpenChange: (open: boolean) => void;
  /** Issue 30 §3: the office records the entry or exit by hand when the capture cannot be done. */
  onManual?: (target: CaptureTarget, reason: ManualReason) => void;
};

export function CaptureAttendanceDialog({ session, target, onOpenChange, onManual }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {target ? (
          <CapturePanel
            key={`${target.attendance.id}-${target.type}`}
            session={session}
            target={target}
            onClose={() => onOpenChange(false)}
            onManual={onManual}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CapturePanel({ session, target, onClose, onManual }: { session: CapSession; target: CaptureTarget; onClose: () => void; onManual?: Props["onManual"] }) {
  const { attendance, type } = target;
  const camera = useRef<CameraHandle | null>(null);
  const [isCameraReady, setIsCameraReady] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const reference = useQuery(biometricQueries.reference(attendance.studentId));
  const { state, submit, fail, reset } = useAttendanceCapture({ session, studentId: attendance.studentId, type }, onClose);
  const challenge = useMemo(
    () => ({ purpose: "attendance" as const, studentId: attendance.studentId, capSessionId: session.id, type }),
    [attendance.studentId, session.id, type],
  );
  const onFinished = useCallback((result: LiveCaptureResult) => void submit(result), [submit]);
  const live = useLiveCapture({ camera, challenge, onFinished, onError: fail });
  const isLive = live.state.phase === "starting" || live.state.phase === "running";
  const isBusy = isLive || state.status === "loading" || state.status === "success";
  const shownError = state.status === "error" ? state.error : null;

  const begin = () => {
    reset();
    void live.start();
  };

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
        <LazyCamera handleRef={camera} width={WIDTH} height={HEIGHT} onReady={() => setIsCameraReady(true)} onError={() => setCameraError(true)} />
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
        ) : live.state.phase === "running" ? (
          <LivePrompt {...live.state} />
        ) : live.state.phase === "starting" ? (
          <Overlay className="bg-black/30 text-white">
            <Spinner className="size-8" />
            Preparando la cámara...
          </Overlay>
        ) : null}
      </div>
      {!isBusy && !shownError && !cameraError ? (
        <p className="text-sm text-muted-foreground">
          Al pulsar Capturar, el alumno mira a la cámara y sigue las indicaciones: parpadear y girar la cabeza.
        </p>
      ) : null}
      {cameraError ? (
        <Alert variant="destructive">
          <AlertDescription>No se ha podido acceder a la cámara. Comprueba los permisos del navegador.</AlertDescription>
        </Alert>
      ) : null}
      {shownError ? (
        <Alert variant="destructive">
          <AlertTitle className="line-clamp-none">{shownError.title}</AlertTitle>
          <AlertDescription>{shownError.description}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={onClose} disabled={state.status === "loading" || state.status === "success"}>
          Cancelar
        </Button>
        {onManual && (cameraError || shownError) ? (
          <Button variant="outline" onClick={() => onManual(target, cameraError ? "camera-unavailable" : "face-failed")}>
            <Hand aria-hidden />
            Registrar manualmente
          </Button>
        ) : null}
        <Button onClick={begin} disabled={!isCameraReady || isBusy || reference.isPending}>
          <ScanFace aria-hidden />
          {isLive ? "Capturando..." : shownError ? "Reintentar" : "Capturar"}
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
