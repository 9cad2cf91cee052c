"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorText } from "@/lib/api-client";
import type { DeskMovement } from "@/lib/contract/balance";
import { MOVEMENT_LABELS } from "@/lib/contract/constants/balance";
import { formatDateTime } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { useDateFormat } from "@/components/shell/use-date-format";
import { AdjustmentForm } from "./adjustment-form";
import { MovementLesson } from "./movement-lesson";
import { formatBalance, movementAmounts } from "./balance-amount";
import { deskQueries } from "./queries";

export function DeskStudentPanel({ studentId }: { studentId: string }) {
  const { data, error, isPending } = useQuery(deskQueries.student(studentId));
  if (error) return <ErrorState message={errorText(error)} />;
  if (isPending) return <ListSkeleton rows={2} className="h-40" />;
  const { student, movements } = data;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{student.name}</CardTitle>
          <CardDescription>{[student.dni, student.username].filter(Boolean).join(" · ")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-[12rem_1fr]">
          <div>
            <p className="text-sm text-muted-foreground">{student.balance.balanceMode === "money" ? "Saldo en euros" : "Tiempo de prácticas"}</p>
            <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="desk-balance">
              {formatBalance(student.balance)}
            </p>
          </div>
          <AdjustmentForm studentId={student.id} mode={student.balance.balanceMode} />
        </CardContent>
      </Card>
      <Card className="gap-2">
        <CardHeader>
          <CardTitle>Movimientos</CardTitle>
        </CardHeader>
        <CardContent>
          {movements.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No hay movimientos</p>
          ) : (
            <ul className="divide-y">
              {movements.map((m) => (
                <DeskMovementRow key={m.id} movement={m} studentId={student.id} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function DeskMovementRow({ movement, studentId }: { movement: DeskMovement; studentId: string }) {
  const { amount, after } = movementAmounts(movement);
  const formats = useDateFormat();
  const isTopUp = movement.operation === "top-up";
  return (
    <li className="py-3" data-testid="desk-movement">
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-medium">{MOVEMENT_LABELS[movement.description]}</p>
        <p className={cn("shrink-0 font-semibold tabular-nums", isTopUp && "text-success")}>{amount}</p>
      </div>
      {movement.lesson ? (
        <MovementLesson lesson={movement.lesson} formats={formats} now={Date.now()} href={`/administrator/students/${studentId}`} />
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-muted-foreground">
        <span>
          {formatDateTime(movement.date)}
          {movement.actorName ? ` · ${movement.actorName}` : ""}
        </span>
        <span className="text-xs tabular-nums">Después: {after}</span>
      </div>
      {movement.reason ? <p className="mt-1 text-sm">Motivo: {movement.reason}</p> : null}
    </li>
  );
}
