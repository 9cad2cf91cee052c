import { Compass } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { BackButton } from "./back-button";

// Drawn by the server: the root layout's not-found view is part of every page's first load, and as a client component
// it brought its own copy of the button's code (class merging, Slot, the icon factory) into a chunk of its own beside
// the page's (~7 kB gzip of duplicates on every page). Only the "back" button runs in the browser.
export function NotFoundView() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
      <Compass className="size-16 text-primary" aria-hidden />
      <h1 className="text-3xl font-bold">¡Vaya! Te has salido de la ruta</h1>
      <p className="max-w-md text-muted-foreground">La página que buscas no existe o no tienes acceso a ella.</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* A full load: "/" is a redirect decided by proxy.ts from the session's role. */}
        <a href="/" className={buttonVariants()}>
          Volver al inicio
        </a>
        <BackButton className={buttonVariants({ variant: "outline" })}>Volver atrás</BackButton>
      </div>
    </main>
  );
}
