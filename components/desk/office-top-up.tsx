"use client";

import { useQuery } from "@tanstack/react-query";
import { Clock, MapPin, Phone } from "lucide-react";
import Link from "next/link";
import { shopQueries } from "@/components/payments/queries";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ListSkeleton } from "@/components/ui/states";
import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";
import { formatPhone, telHref } from "@/lib/format/phone";
import { schoolQueries } from "./queries";

// A school without card payments: instead of a dead end, what the office sells and at what price, and when and how to
// reach it.
export function OfficeTopUp() {
  const products = useQuery(shopQueries.products());
  const contact = useQuery(schoolQueries.officeContact());
  const office = contact.data;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Recarga en la oficina</CardTitle>
          <CardDescription>Tu autoescuela no acepta pagos con tarjeta desde la aplicación. Pasa por la oficina y te recargamos el saldo al momento.</CardDescription>
        </CardHeader>
        <CardContent>
          {contact.isPending ? (
            <ListSkeleton rows={1} className="h-20" />
          ) : (
            <ul className="grid gap-3 text-sm" aria-label="La oficina">
              {office?.officeHours ? (
                <li className="flex gap-3">
                  <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <span>
                    <span className="block font-medium">Horario</span>
                    <span className="whitespace-pre-line">{office.officeHours}</span>
                  </span>
                </li>
              ) : null}
              {office?.phone ? (
                <li className="flex gap-3">
                  <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <span>
                    <span className="block font-medium">Teléfono</span>
                    <a href={telHref(office.phone)} className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline">
                      {formatPhone(office.phone)}
                    </a>
                  </span>
                </li>
              ) : null}
              {office?.address ? (
                <li className="flex gap-3">
                  <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <span>
                    <span className="block font-medium">Dirección</span>
                    {office.address}
                  </span>
                </li>
              ) : null}
              {!office?.officeHours && !office?.phone && !office?.address ? <li>Pregunta en la oficina de tu autoescuela.</li> : null}
            </ul>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="office-products" className="grid gap-3">
        <h2 id="office-products" className="text-lg font-semibold">
          Precios
        </h2>
        {products.isPending ? (
          <ListSkeleton rows={3} className="h-16" />
        ) : !products.data?.length ? (
          <p className="text-muted-foreground">Consulta los precios en la oficina.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {products.data.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg border bg-card p-4" data-testid="office-product">
                <span>
                  <span className="block font-medium">{p.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {p.description ?? `${p.credit.mode === "time" ? formatDuration(p.credit.amount) : formatMoney(p.credit.amount)} de saldo`}
                  </span>
                </span>
                <span className="text-lg font-semibold tabular-nums">{formatMoney(p.price.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Link href="/student/balance/history" className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
        Volver a Mi saldo
      </Link>
    </div>
  );
}
