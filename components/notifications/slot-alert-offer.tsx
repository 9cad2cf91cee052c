"use client";

import { useQuery } from "@tanstack/react-query";
import { BellPlus, BellRing } from "lucide-react";
import { Button } from "@/components/ui/button";
import { slotAlertQueries } from "./queries";
import { matchingAlert, type AlertRange } from "./slot-alert-range";
import { useCreateSlotAlert, useRemoveSlotAlert } from "./use-slot-alerts";

type Props = { instructorId: string; range: AlertRange; /** 'este día' / 'esta semana' */ period: string };

// Under a day (phone) or a week (wide screen) with no free slot: 'Avísame si se libera un hueco' asks to be told when a
// lesson there is cancelled. Nothing is held: the first to book it has it. An alert already asked for says so.
export function SlotAlertOffer({ instructorId, range, period }: Props) {
  const alerts = useQuery(slotAlertQueries.list());
  const create = useCreateSlotAlert();
  const remove = useRemoveSlotAlert();
  const existing = matchingAlert(alerts.data, instructorId, range);
  const isBusy = create.isPending || remove.isPending || alerts.isPending;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed px-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="slot-alert-offer">
      {existing ? (
        <>
          <p className="flex items-start gap-2 text-sm" role="status">
            <BellRing className="mt-0.5 size-4 shrink-0" aria-hidden />
            {`Te avisaremos si se libera un hueco ${period}.`}
          </p>
          <Button variant="outline" className="h-11 sm:h-9" disabled={isBusy} onClick={() => remove.mutate(existing.id)}>
            Quitar aviso
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{`Si alguien cancela una clase ${period}, te avisamos.`}</p>
          <Button className="h-11 sm:h-9" disabled={isBusy} onClick={() => create.mutate({ instructorId, ...range })}>
            <BellPlus aria-hidden />
            Avísame si se libera un hueco
          </Button>
        </>
      )}
    </div>
  );
}
