"use client";

import { useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { Button } from "@/components/ui/button";
import { slotAlertQueries } from "./queries";
import { rangeText } from "./slot-alert-range";
import { useRemoveSlotAlert } from "./use-slot-alerts";

// The student's active freed-slot alerts, each with 'Quitar'. Nothing is drawn while there are none.
export function SlotAlertsList() {
  const { data: alerts } = useQuery(slotAlertQueries.list());
  const remove = useRemoveSlotAlert();
  if (!alerts || alerts.length === 0) return null;
  return (
    <section aria-labelledby="slot-alerts-title" className="rounded-xl border bg-card p-4" data-testid="slot-alerts">
      <h2 id="slot-alerts-title" className="flex items-center gap-2 font-semibold">
        <BellRing className="size-4" aria-hidden />
        Avisos de huecos libres
      </h2>
      <ul className="mt-2 divide-y">
        {alerts.map((a) => (
          <li key={a.id} className="flex items-center justify-between gap-3 py-1">
            <span className="min-w-0 text-sm">
              <span className="font-medium">{a.instructorName}</span> · {rangeText(a)}
            </span>
            <Button
              variant="outline"
              className="h-11 shrink-0"
              aria-label={`Quitar el aviso de ${a.instructorName}, ${rangeText(a)}`}
              disabled={remove.isPending && remove.variables === a.id}
              onClick={() => remove.mutate(a.id)}
            >
              Quitar
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
