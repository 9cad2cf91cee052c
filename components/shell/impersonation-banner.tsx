"use client";

import { UserRoundX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { exitImpersonation } from "./use-session";

// On screen for as long as an administrator acts as someone else; its button does exactly what the profile menu's
// 'Salir de suplantación' does (spec §4).
export function ImpersonationBanner({ name }: { name: string }) {
  return (
    <section
      aria-label="Suplantación"
      className="sticky top-14 z-20 flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-warning px-4 py-2 text-warning-foreground lg:top-0 lg:pl-[calc(280px+1rem)]"
    >
      <p className="min-w-0 flex-1 text-sm">
        Estás actuando como <strong className="font-semibold">{name}</strong>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="bg-background text-foreground dark:bg-background dark:hover:bg-accent"
        onClick={() => void exitImpersonation()}
      >
        <UserRoundX aria-hidden />
        Salir de suplantación
      </Button>
    </section>
  );
}
