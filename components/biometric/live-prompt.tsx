"use client";

import { cn } from "@/lib/utils";

type Props = { prompt: string; guidance: string | null; done: number; total: number; remainingMs: number; limitMs: number };

/**
 * Over the camera during a live capture (issue 30): what to do now in large type, the steps done, what to fix
 * ('Acércate', 'Más luz', ...) and the time left. Announced politely to screen readers as it changes.
 */
export function LivePrompt({ prompt, guidance, done, total, remainingMs, limitMs }: Props) {
  const left = limitMs > 0 ? Math.max(0, Math.min(1, remainingMs / limitMs)) : 0;
  return (
    <div className="pointer-events-none absolute inset-0 flex flex-col justify-between">
      <div className="flex flex-col items-center gap-1 bg-linear-to-b from-black/70 to-transparent px-3 pt-3 pb-8 text-white">
        <p role="status" aria-live="polite" className="text-center text-xl font-semibold sm:text-2xl" data-testid="live-prompt">
          {prompt}
        </p>
        {total > 0 ? (
          <div className="flex items-center gap-2 text-sm">
            {Array.from({ length: total }, (_, i) => (
              <span key={i} aria-hidden className={cn("size-2.5 rounded-full border border-white", i < done ? "bg-white" : "bg-transparent")} />
            ))}
            <span>{done >= total ? "Pasos completados" : `Paso ${done + 1} de ${total}`}</span>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col items-center gap-2 bg-linear-to-t from-black/70 to-transparent px-3 pt-8 pb-3">
        {guidance ? (
          <p aria-live="polite" className="rounded-full bg-warning px-3 py-1 text-center text-sm font-semibold text-warning-foreground sm:text-base" data-testid="live-guidance">
            {guidance}
          </p>
        ) : null}
        {limitMs > 0 ? (
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-white/30" role="progressbar" aria-label="Tiempo restante" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(left * 100)}>
            <div className="h-full bg-white transition-[width] duration-200" style={{ width: `${left * 100}%` }} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
