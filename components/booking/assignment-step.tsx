"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { LicenseIcon } from "./license-icon";
import { bookingQueries } from "./queries";

type Props = { selectedId: string | null; onSelect: (id: string) => void; onContinue: () => void };

// Step 1 'Inicio': one card per instructor-plus-licence assignment (spec §2).
export function AssignmentStep({ selectedId, onSelect, onContinue }: Props) {
  const { data, error, isPending } = useQuery(bookingQueries.assignments());

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Elige profesor y permiso</h2>
        <p className="text-sm text-muted-foreground">Selecciona con quién y para qué permiso quieres reservar tus prácticas.</p>
      </div>
      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 rounded-xl" />
          ))}
        </div>
      ) : error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : data.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
          No tienes profesores asignados. Contacta con tu autoescuela.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="radiogroup" aria-label="Profesor y permiso">
          {data.map((a) => {
            const isSelected = a.id === selectedId;
            return (
              <button
                key={a.id}
                type="button"
                role="radio"
                aria-checked={isSelected}
                onClick={() => onSelect(a.id)}
                className={cn(
                  "flex items-center gap-4 rounded-xl border bg-card p-5 text-left shadow-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isSelected && "border-primary ring-2 ring-primary",
                )}
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <LicenseIcon code={a.license.code} className="size-6" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold">Permiso {a.license.name}</span>
                  <span className="block text-sm text-muted-foreground">{a.instructor.firstName}</span>
                </span>
              </button>
            );
          })}
        </div>
      )}
      <div className="flex justify-end">
        <Button onClick={onContinue} disabled={!selectedId}>
          Continuar
        </Button>
      </div>
    </div>
  );
}
