"use client";

import { useQuery } from "@tanstack/react-query";
import { Clock, Wallet } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { configQueries } from "@/components/booking/queries";
import { isStripeChargesEnabled } from "@/components/booking/booking-config";
import { errorText } from "@/lib/api-client";
import { balanceQueries } from "./queries";
import { formatBalance } from "./balance-amount";

export function BalanceCard() {
  const balance = useQuery(balanceQueries.balance());
  const config = useQuery(configQueries.config());
  const Icon = balance.data?.balanceMode === "money" ? Wallet : Clock;

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Saldo disponible</CardTitle>
          <CardDescription>
            {balance.data?.balanceMode === "money" ? "Saldo en euros" : "Tiempo de prácticas disponible"}
          </CardDescription>
        </div>
        <Icon className="size-6 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-4">
        {balance.data ? (
          <p className="text-4xl font-bold tracking-tight" data-testid="balance-amount">
            {formatBalance(balance.data)}
          </p>
        ) : balance.error ? (
          <p className="text-sm text-destructive">{errorText(balance.error)}</p>
        ) : (
          <Skeleton className="h-10 w-32" />
        )}
        {/* Second document §2: only when the provider's card charging is enabled. */}
        {isStripeChargesEnabled(config.data) ? (
          <Button asChild>
            <Link href="/student/balance/top-up">Recargar saldo</Link>
          </Button>
        ) : config.data ? (
          <div className="max-w-xs text-sm">
            <p className="text-muted-foreground">La recarga con tarjeta no está disponible en tu autoescuela. Puedes recargar tu saldo en la oficina.</p>
            {/* Not a dead end: the top-up page shows the office's prices, hours and phone (issue 31 §3). */}
            <Link href="/student/balance/top-up" className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline">
              Precios y horario de la oficina
            </Link>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
