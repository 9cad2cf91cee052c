"use client";

import { ExternalLink } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { StudentCalendarEvent } from "@/lib/contract/calendar";
import { webLink } from "@/lib/contract/constants/calendar";
import { formatTimeRange } from "@/lib/format/dates";
import { typeLabel } from "./calendar-colors";
import { DetailItem } from "./detail-item";
import { practiceDay } from "./practice-format";

type Props = { event: StudentCalendarEvent | null; onClose: () => void };

// The generic dialog of the calendar (spec §2): title, date, time range and type label; sessions say ONLINE (with
// 'Acceder a la sesión online') or PRESENCIAL.
export function CalendarEventDialog({ event, onClose }: Props) {
  const link = event ? webLink(event.url) : null;
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {event ? (
          <>
            <DialogHeader>
              <DialogTitle>{event.title}</DialogTitle>
              <DialogDescription>{typeLabel(event.type)}</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3">
              <DetailItem label="Fecha">{practiceDay(event.start)}</DetailItem>
              <DetailItem label="Horario">
                <span className="tabular-nums">{formatTimeRange(event.start, event.end)}</span>
              </DetailItem>
              {event.type === "session" ? (
                <DetailItem label="Modalidad">
                  <Badge variant={link ? "default" : "secondary"}>{link ? "ONLINE" : "PRESENCIAL"}</Badge>
                </DetailItem>
              ) : null}
            </dl>
            {event.type === "session" && link ? (
              <Button asChild>
                <a href={link} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  Acceder a la sesión online
                </a>
              </Button>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
