"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, CalendarClock, CalendarX2, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/api-client";
import type { InstructorReservation } from "@/lib/contract/instructor";
import { useDateFormat } from "@/components/shell/use-date-format";
import { StatusBadge } from "@/components/reservations/status-badge";
import { instructorQueries } from "./queries";

type SectionProps = {
  title: string;
  icon: LucideIcon;
  items: InstructorReservation[] | undefined;
  empty: string;
  showDate: boolean;
  testId: string;
};

function Section({ title, icon: Icon, items, empty, showDate, testId }: SectionProps) {
  const formats = useDateFormat();
  return (
    <Card className="gap-3" data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden />
          {title}
        </CardTitle>
        {items ? <span className="text-2xl font-bold tabular-nums">{items.length}</span> : null}
      </CardHeader>
      <CardContent>
        {!items ? (
          <div className="space-y-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : items.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y">
            {items.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium">{r.student.name}</p>
                  <p className="text-muted-foreground tabular-nums">
                    {showDate ? `${formats.date(r.start)} · ` : ""}
                    {formats.timeRange(r.start, r.end)} · Permiso {r.license}
                  </p>
                </div>
                <StatusBadge status={r.status} className="shrink-0" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function InstructorDashboardPage() {
  const { data, error } = useQuery(instructorQueries.dashboard());
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Inicio</h1>
          <p className="text-muted-foreground">Tus clases de hoy y las solicitudes pendientes</p>
        </div>
        <Button asChild variant="outline">
          <Link href="/instructor/reservations">Ver mis reservas</Link>
        </Button>
      </div>
      {error && !data ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <Section
          testId="dashboard-today"
          title="Clases de hoy"
          icon={CalendarCheck}
          items={data?.today}
          empty="No tienes clases hoy"
          showDate={false}
        />
        <Section
          testId="dashboard-requests"
          title="Solicitudes pendientes"
          icon={CalendarClock}
          items={data?.pendingRequests}
          empty="No hay solicitudes de reserva pendientes"
          showDate
        />
        <Section
          testId="dashboard-cancellations"
          title="Solicitudes de cancelación"
          icon={CalendarX2}
          items={data?.pendingCancellationRequests}
          empty="No hay solicitudes de cancelación pendientes"
          showDate
        />
      </div>
    </div>
  );
}
