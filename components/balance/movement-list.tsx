"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { Skeleton } from "@/components/ui/skeleton";
import type { BalanceMovement } from "@/lib/contract/balance";
import { MOVEMENT_LABELS } from "@/lib/contract/constants/balance";
import { errorText } from "@/lib/api-client";
import { useDateFormat } from "@/components/shell/use-date-format";
import type { DateFormats } from "@/lib/format/dates";
import { cn } from "@/lib/utils";
import { useNow } from "@/components/reservations/use-now";
import { movementAmounts } from "./balance-amount";
import { MovementLesson } from "./movement-lesson";
import { balanceQueries } from "./queries";

function MovementRow({ movement, formats, now }: { movement: BalanceMovement; formats: DateFormats; now: number }) {
  const isTopUp = movement.operation === "top-up";
  const { amount, before, after } = movementAmounts(movement);
  const Icon = isTopUp ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="balance-movement">
      <span
        className={cn(
          "flex size-9 shrink-0 items-center justify-center rounded-full",
          isTopUp ? "bg-success/15 text-success" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-medium">{MOVEMENT_LABELS[movement.description]}</p>
          <p className={cn("shrink-0 font-semibold tabular-nums", isTopUp ? "text-success" : "text-foreground")}>{amount}</p>
        </div>
        {movement.lesson ? (
          <MovementLesson lesson={movement.lesson} formats={formats} now={now} href={`/student/reservations?id=${movement.lesson.id}`} />
        ) : null}
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-muted-foreground">
          <span>{formats.dateTime(movement.date)}</span>
          <span className="text-xs tabular-nums">
            Antes: {before} · Después: {after}
          </span>
        </div>
      </div>
    </li>
  );
}

export function MovementList() {
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    balanceQueries.history(),
  );
  const movements = data?.pages.flatMap((p) => p.items);
  const formats = useDateFormat();
  const now = useNow();
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>Movimientos</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3 py-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : error && !movements ? (
          <p className="py-4 text-sm text-destructive">{errorText(error)}</p>
        ) : !movements || movements.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No hay movimientos</p>
        ) : (
          <>
            <ul className="divide-y">
              {movements.map((m) => (
                <MovementRow key={m.id} movement={m} formats={formats} now={now} />
              ))}
            </ul>
            <LoadMore
              hasMore={hasNextPage}
              isLoading={isFetchingNextPage}
              onLoad={() => void fetchNextPage()}
              error={isFetchNextPageError ? errorText(error) : null}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
