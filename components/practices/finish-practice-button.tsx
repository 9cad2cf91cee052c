"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { PendingPractice } from "@/lib/contract/practices";
import { practiceQueries } from "./queries";

// The dialog (form, vehicles, two signature pads) comes with the first 'Finalizar práctica': the cards that offer the
// button are on pages whose first load should not carry it.
const FinishPracticeDialog = dynamic(() => import("./finish-practice-dialog").then((m) => m.FinishPracticeDialog), { ssr: false });

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
      {open ? <FinishPracticeDialog lesson={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
