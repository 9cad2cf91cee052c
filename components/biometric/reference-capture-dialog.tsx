"use client";

import { useRef, useState } from "react";
import { Camera, RotateCcw, Save } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorText } from "@/lib/api-client";
import { BIOMETRIC_ERRORS } from "@/lib/contract/constants/cap";
import type { CameraHandle } from "./camera";
import { LazyCamera } from "./lazy-camera";
import { useSaveReference } from "./use-biometric-reference";

// Spec §9: the reference is taken with the front camera at 1280x720 and uploaded as JPEG.
const WIDTH = 1280;
const HEIGHT = 720;

type Props = { studentId: string; open: boolean; onOpenChange: (open: boolean) => void };

export function ReferenceCaptureDialog({ studentId, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Capturar referencia biométrica</DialogTitle>
          <DialogDescription>El rostro del alumno debe verse de frente, centrado y bien iluminado.</DialogDescription>
        </DialogHeader>
        {open ? <CapturePanel studentId={studentId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === BIOMETRIC_ERRORS.noFace) return "No se ha detectado un rostro en la imagen capturada";
  return errorText(error, "No se ha podido guardar la referencia biométrica");
}

function CapturePanel({ studentId, onDone }: { studentId: string; onDone: () => void }) {
  const camera = useRef<CameraHandle | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [isCameraReady, setIsCameraReady] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const save = useSaveReference(studentId);

  function onSave() {
    if (!preview) return;
    save.mutate(preview, {
      onSuccess: () => {
        toast({ title: "Referencia biométrica guardada", variant: "success" });
        onDone();
      },
    });
  }

  function retake() {
    save.reset();
    setPreview(null);
    setIsCameraReady(false);
  }

  return (
    <>
      {preview ? (
        <img src={preview} alt="Vista previa de la captura" className="aspect-video w-full rounded-md bg-black object-contain" />
      ) : (
        <LazyCamera
          handleRef={camera}
          width={WIDTH}
          height={HEIGHT}
          facingMode="user"
          className="aspect-video"
          onReady={() => setIsCameraReady(true)}
          onError={() => setCameraError(true)}
        />
      )}
      {cameraError ? (
        <Alert variant="destructive">
          <AlertDescription>No se ha podido acceder a la cámara. Comprueba los permisos del navegador.</AlertDescription>
        </Alert>
      ) : null}
      {save.error ? (
        <Alert variant="destructive">
          <AlertDescription>{saveErrorText(save.error)}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        {preview ? (
          <>
            <Button variant="outline" onClick={retake} disabled={save.isPending}>
              <RotateCcw aria-hidden />
              Volver a capturar
            </Button>
            <Button onClick={onSave} disabled={save.isPending}>
              <Save aria-hidden />
              {save.isPending ? "Guardando..." : "Guardar referencia"}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onDone}>
              Cancelar
            </Button>
            <Button onClick={() => setPreview(camera.current?.capture() ?? null)} disabled={!isCameraReady}>
              <Camera aria-hidden />
              Capturar
            </Button>
          </>
        )}
      </DialogFooter>
    </>
  );
}
