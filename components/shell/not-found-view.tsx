"use client";

import { Compass } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";

export function NotFoundView() {
  const router = useRouter();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <Compass className="size-16 text-primary" aria-hidden />
      <h1 className="text-3xl font-bold">¡Vaya! Te has salido de la ruta</h1>
      <p className="max-w-md text-muted-foreground">La página que buscas no existe o no tienes acceso a ella.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          {/* A full load: "/" is a redirect decided by proxy.ts from the session's role. */}
          <a href="/">Volver al inicio</a>
        </Button>
        <Button variant="outline" onClick={() => router.back()}>
          Volver atrás
        </Button>
      </div>
    </main>
  );
}
