"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadMore } from "@/components/ui/load-more";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorText } from "@/lib/api-client";
import { PAYMENT_METHOD_LABELS } from "@/lib/contract/constants/sales";
import { formatTime } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { receiptHref, salesQueries } from "./queries";

// 'Ventas y caja': the chosen day's cash report (totals by payment method) and its sales with their receipts.
export function SalesDay({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="sales-date">Día</Label>
          <Input id="sales-date" type="date" className="w-44" value={date} onChange={(e) => e.target.value && onDateChange(e.target.value)} />
        </div>
      </div>
      <CashReport date={date} />
      <SalesList date={date} />
    </div>
  );
}

function CashReport({ date }: { date: string }) {
  const { data, error, isPending } = useQuery(salesQueries.report(date));
  if (error) return <ErrorState message={errorText(error)} />;
  if (isPending) return <ListSkeleton rows={1} className="h-32" />;
  return (
    <Card className="gap-3" aria-label="Caja del día">
      <CardHeader>
        <CardTitle>Caja del día</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {data.byMethod.map((m) => (
            <div key={m.method} className="rounded-md border p-3">
              <dt className="text-xs text-muted-foreground">{PAYMENT_METHOD_LABELS[m.method]}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid={`cash-${m.method}`}>{formatMoney(m.totalCents)}</dd>
              <dd className="text-xs text-muted-foreground">{m.count === 1 ? "1 venta" : `${m.count} ventas`}</dd>
            </div>
          ))}
          <div className="col-span-2 rounded-md border border-primary/40 bg-primary/5 p-3 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">Total</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="cash-total">{formatMoney(data.totalCents)}</dd>
            <dd className="text-xs text-muted-foreground">{data.count === 1 ? "1 venta" : `${data.count} ventas`}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function SalesList({ date }: { date: string }) {
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(salesQueries.day(date));
  if (error) return <ErrorState message={errorText(error)} />;
  if (isPending) return <ListSkeleton rows={3} className="h-14" />;
  const sales = data.pages.flatMap((p) => p.items);
  return (
    <section aria-label="Ventas del día" className="space-y-2">
      <h2 className="text-lg font-semibold">Ventas</h2>
      {sales.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">No hay ventas este día</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Alumno</TableHead>
              <TableHead>Hora</TableHead>
              <TableHead>Producto</TableHead>
              <TableHead>Forma de pago</TableHead>
              <TableHead className="text-right">Importe</TableHead>
              <TableHead className="text-right">Justificante</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sales.map((s) => (
              <TableRow key={s.id} data-testid="sale-row">
                <TableCell stack="title">{s.student.name}</TableCell>
                <TableCell label="Hora">{formatTime(s.date)}</TableCell>
                <TableCell label="Producto">
                  {s.product.title} × {s.quantity}
                  {s.discountReason ? <span className="block text-xs text-muted-foreground">Descuento: {s.discountReason}</span> : null}
                </TableCell>
                <TableCell label="Forma de pago">{PAYMENT_METHOD_LABELS[s.paymentMethod]}</TableCell>
                <TableCell label="Importe" className="text-right tabular-nums max-sm:text-left">{formatMoney(s.totalCents)}</TableCell>
                <TableCell stack="actions" className="text-right">
                  <Button asChild variant="outline" size="sm">
                    <a href={receiptHref.office(s.id)} download aria-label={`Descargar justificante ${s.receipt}`}>
                      <Download aria-hidden />
                      {s.receipt}
                    </a>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <LoadMore hasMore={!!hasNextPage} isLoading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </section>
  );
}
