import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function ContentLoading() {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground" role="status">
      <Spinner /> Cargando contenido...
    </div>
  );
}

export function ContentError({ onBack }: { onBack?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
      <p className="text-lg font-semibold">Error al cargar el contenido</p>
      <p className="text-muted-foreground">No se pudo cargar el contenido solicitado.</p>
      {onBack ? (
        <Button variant="outline" onClick={onBack}>
          Volver
        </Button>
      ) : null}
    </div>
  );
}

// A document or video that fails to load inside its viewer (spec 001 §8; spec 000 §8 names this second wording too).
export const VIEWER_ERROR_TEXT = "Error al cargar el contenido. Por favor, inténtalo de nuevo.";

export function ViewerError() {
  return (
    <div className="flex h-full items-center justify-center p-6 text-center text-muted-foreground" role="alert">
      {VIEWER_ERROR_TEXT}
    </div>
  );
}
