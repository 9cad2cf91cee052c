"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Camera, ScanFace } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { formatLocalDate, localDateOf, localTimeOf } from "@/lib/cap/zoned-time";
import { biometricQueries } from "./queries";
import { ReferenceCaptureDialog } from "./reference-capture-dialog";
import { ErrorState } from "@/components/ui/states";
import { useTimeZone } from "@/components/shell/use-time-zone";

export function BiometricReferenceCard({ studentId }: { studentId: string }) {
  const timeZone = useTimeZone();
  const { data: reference, isPending, error } = useQuery(biometricQueries.reference(studentId));
  const [isCapturing, setIsCapturing] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Referencia biométrica</CardTitle>
        <CardDescription>Imagen con la que se verifica el rostro del alumno al registrar su asistencia.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {error ? (
          <ErrorState message={errorText(error)} />
        ) : isPending ? (
          <Skeleton className="aspect-video w-full" />
        ) : reference ? (
          <>
            {/* A data URL from the API: next/image would add nothing here. */}
            <img src={reference.image} alt="Referencia biométrica del alumno" className="aspect-video w-full rounded-md bg-muted object-contain" />
            {reference.others.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Otras fotos de referencia">
                {reference.others.map((image, i) => (
                  <li key={i}>
                    <img src={image} alt={`Foto de referencia ${i + 2}`} className="h-14 w-20 rounded-md bg-muted object-cover" />
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="text-sm text-muted-foreground">
              {reference.others.length + 1 === 1 ? "1 foto" : `${reference.others.length + 1} fotos`} · Creada el {formatLocalDate(localDateOf(reference.createdAt, timeZone))} a las{" "}
              {localTimeOf(reference.createdAt, timeZone)}
            </p>
          </>
        ) : (
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-md border border-dashed text-muted-foreground">
            <ScanFace className="size-10" aria-hidden />
            <p className="text-sm">Este alumno no tiene referencia biométrica.</p>
          </div>
        )}
      </CardContent>
      <CardFooter>
        <Button onClick={() => setIsCapturing(true)} disabled={isPending}>
          <Camera aria-hidden />
          {reference ? "Actualizar referencia biométrica" : "Capturar referencia biométrica"}
        </Button>
      </CardFooter>
      <ReferenceCaptureDialog studentId={studentId} open={isCapturing} onOpenChange={setIsCapturing} />
    </Card>
  );
}
