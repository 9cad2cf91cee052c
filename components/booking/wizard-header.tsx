import { ArrowLeft, Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type WizardStep = 1 | 2 | 3;
const STEPS: { step: WizardStep; label: string }[] = [
  { step: 1, label: "Inicio" },
  { step: 2, label: "Hora" },
  { step: 3, label: "Confirmar" },
];

export function WizardHeader({ step, onBack }: { step: WizardStep; onBack: () => void }) {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" onClick={onBack} aria-label="Volver">
          <ArrowLeft className="size-5" />
        </Button>
        <h1 className="text-2xl font-bold tracking-tight">Reservar prácticas</h1>
      </div>
      <ol className="flex items-center gap-2" aria-label="Pasos de la reserva">
        {STEPS.map(({ step: s, label }, i) => {
          const isDone = s < step;
          const isCurrent = s === step;
          return (
            <li key={s} className="flex flex-1 items-center gap-2" aria-current={isCurrent ? "step" : undefined}>
              <span
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold",
                  isCurrent && "border-primary bg-primary text-primary-foreground",
                  isDone && "border-primary bg-primary/10 text-primary",
                  !isCurrent && !isDone && "text-muted-foreground",
                )}
              >
                {isDone ? <Check className="size-4" aria-hidden /> : s}
              </span>
              <span className={cn("text-sm font-medium", !isCurrent && "text-muted-foreground")}>{label}</span>
              {i < STEPS.length - 1 ? <span className="h-px flex-1 bg-border" aria-hidden /> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
