"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { PendingPractice } from "@/lib/contract/practices";
import { FinishPracticeDialog } from "./finish-practice-dialog";
import { practiceQueries } from "./queries";

// On an instructor's reservation card: offered while the lesson is on the to-do list (confirmed, started, inside the
// finishing window, no practice yet). The server checks all of it again.
export function FinishPracticeButton({ reservationId, className }: { reservationId: string; className?: string }) {
  const pending = useQuery(practiceQueries.pending());
  const lesson = pending.data?.find((p) => p.reservationId === reservationId);
  const [open, setOpen] = useState<PendingPractice | null>(null);
  if (!lesson) return null;
  return (
    <>
      <Button size="sm" className={className} onClick={() => setOpen(lesson)}>
        Finalizar práctica
      </Button>
      <FinishPracticeDialog lesson={open} onClose={() => setOpen(null)} />
    </>
  );
}
