"use client";

import { useRef, useState } from "react";
import { Camera, ImageUp, RotateCcw, Save, X } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorText } from "@/lib/api-client";
import { BIOMETRIC_ERRORS } from "@/lib/contract/constants/cap";
import { MAX_REFERENCE_IMAGES, MIN_REFERENCE_IMAGES, REFERENCE_IMAGES } from "@/lib/contract/constants/cap-liveness";
import type { CameraHandle } from "./camera";
import { LazyCamera } from "./lazy-camera";
import { useSaveReferences } from "./use-biometric-reference";
import { useFaceGuidance } from "./use-face-guidance";

// Spec §9: the reference is taken with the front camera at 1280x720 and uploaded as JPEG. Issue 30: five photos from
// the camera (three when there is none and they are uploaded), each checked like a matched frame (one face, close
// enough, frontal, eyes open, light, sharp).
const WIDTH = 1280;
const HEIGHT = 720;
/** Uploaded photos are shrunk to this size before they are checked and saved (the engine works at 1280 px at most). */
const UPLOAD_MAX_SIDE = 1280;

type Props = { studentId: string; open: boolean; onOpenChange: (open: boolean) => void };

export function ReferenceCaptureDialog({ studentId, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Capturar referencia biométrica</DialogTitle>
          <DialogDescription>
            Fotos del alumno de frente, centrado, bien iluminado y con los ojos abiertos.
          </DialogDescription>
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
  const upload = useRef<HTMLInputElement | null>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [isCameraReady, setIsCameraReady] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const [checking, setChecking] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const save = useSaveReferences(studentId);
  const { guidance, checkPhoto } = useFaceGuidance(camera, studentId, isCameraReady);
  const isFull = photos.length >= MAX_REFERENCE_IMAGES;
  // Five references from the camera cut the rejections of a student who looks different from day to day; without a
  // camera the office may only have a few photos to upload.
  const required = cameraError ? MIN_REFERENCE_IMAGES : REFERENCE_IMAGES;

  async function keep(image: string | null) {
    if (!image) return;
    setChecking(true);
    setPhotoError(null);
    save.reset();
    try {
      const check = await checkPhoto(image);
      if (check.good) setPhotos((list) => [...list, image].slice(0, MAX_REFERENCE_IMAGES));
      else setPhotoError(`La foto no sirve como referencia: ${check.guidance ?? "vuelve a intentarlo"}`);
    } catch (error) {
      setPhotoError(errorText(error, "No se ha podido comprobar la foto"));
    } finally {
      setChecking(false);
    }
  }

  async function onUpload(file: File | undefined) {
    if (upload.current) upload.current.value = "";
    if (!file) return;
    const image = await shrink(file).catch(() => null);
    if (!image) return setPhotoError("La imagen no es válida");
    await keep(image);
  }

  function onSave() {
    save.mutate(photos, {
      onSuccess: () => {
        toast({ title: "Referencia biométrica guardada", variant: "success" });
        onDone();
      },
    });
  }

  return (
    <>
      {/* Without a camera its black frame would only push the photos and the upload down. */}
      {cameraError ? null : (
        <div className="relative overflow-hidden rounded-md">
          <LazyCamera
            handleRef={camera}
            width={WIDTH}
            height={HEIGHT}
            facingMode="user"
            className="aspect-video"
            onReady={() => setIsCameraReady(true)}
            onError={() => setCameraError(true)}
          />
          {guidance ? (
            <p
              aria-live="polite"
              data-testid="live-guidance"
              className={`absolute inset-x-0 bottom-2 mx-auto w-fit rounded-full px-3 py-1 text-sm font-semibold ${guidance.good ? "bg-success text-success-foreground" : "bg-warning text-warning-foreground"}`}
            >
              {guidance.good ? "Listo para capturar" : guidance.text}
            </p>
          ) : null}
        </div>
      )}
      <section aria-label="Fotos de referencia" className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          {photos.length} de {required === MAX_REFERENCE_IMAGES ? required : `${required}–${MAX_REFERENCE_IMAGES}`} fotos
        </p>
        {photos.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-2">
            {photos.map((photo, i) => (
              <li key={i} className="relative">
                <img src={photo} alt={`Foto de referencia ${i + 1}`} className="aspect-video w-full rounded-md bg-black object-cover sm:h-20 sm:w-28" />
                {/* Inside the photo's corner: a 44 px target on a touch screen would hide half a small thumbnail. */}
                <Button
                  type="button"
                  size="icon"
                  variant="secondary"
                  className="absolute top-1 right-1 size-7 rounded-full"
                  aria-label={`Quitar la foto ${i + 1}`}
                  onClick={() => setPhotos((list) => list.filter((_, k) => k !== i))}
                  disabled={save.isPending}
                >
                  <X />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {cameraError ? (
        <Alert variant="destructive">
          <AlertDescription>
            No se ha podido acceder a la cámara. Comprueba los permisos del navegador o sube entre {MIN_REFERENCE_IMAGES} y {MAX_REFERENCE_IMAGES} fotos.
          </AlertDescription>
        </Alert>
      ) : null}
      {photoError || save.error ? (
        <Alert variant="destructive">
          <AlertDescription>{photoError ?? saveErrorText(save.error)}</AlertDescription>
        </Alert>
      ) : null}
      <input ref={upload} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => void onUpload(e.target.files?.[0])} />
      {/* Without a camera only the upload is left, across the dialog. */}
      <div className={`grid gap-2 sm:flex sm:justify-start ${cameraError ? "" : "grid-cols-2"}`}>
        <Button variant="outline" onClick={() => upload.current?.click()} disabled={checking || isFull || save.isPending}>
          <ImageUp aria-hidden />
          {checking && cameraError ? "Comprobando..." : "Subir foto"}
        </Button>
        {cameraError ? null : (
          <Button variant="secondary" onClick={() => void keep(camera.current?.capture() ?? null)} disabled={!isCameraReady || checking || isFull || save.isPending}>
            <Camera aria-hidden />
            {checking ? "Comprobando..." : "Capturar"}
          </Button>
        )}
      </div>
      <DialogFooter>
        {photos.length > 0 ? (
          <Button
            variant="outline"
            onClick={() => {
              setPhotos([]);
              setPhotoError(null);
              save.reset();
            }}
            disabled={save.isPending}
          >
            <RotateCcw aria-hidden />
            Volver a capturar
          </Button>
        ) : (
          <Button variant="outline" onClick={onDone}>
            Cancelar
          </Button>
        )}
        <Button onClick={onSave} disabled={photos.length < required || save.isPending || checking}>
          <Save aria-hidden />
          {save.isPending ? "Guardando..." : "Guardar referencia"}
        </Button>
      </DialogFooter>
    </>
  );
}

/** An uploaded file as a JPEG data URL at most UPLOAD_MAX_SIDE px on its longest side. */
async function shrink(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, UPLOAD_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.92);
}
