"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { errorText } from "@/lib/api-client";
import { DISCOUNT_REASON_MAX, MAX_SALE_QUANTITY, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "@/lib/contract/constants/sales";
import type { Sale } from "@/lib/contract/sales";
import { formatDuration } from "@/lib/format/duration";
import { formatMoney } from "@/lib/format/money";
import { salesQueries } from "./queries";
import { centsInput, saleFigures } from "./sale-amounts";
import { SaleStudentSearch } from "./sale-student-search";
import { salesContract } from "./sales-contract";
import { useSell } from "./use-sell";

type Student = { id: string; name: string };
const choice = "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5";

// 'Vender': who, which product and how many, the catalogue price or a discount with its reason, how it is paid and
// what was taken. The server checks every rule again and answers the sale with its receipt.
export function SellForm({ student: initial, onSold }: { student: Student | null; onSold: (sale: Sale) => void }) {
  const products = useQuery(salesQueries.products());
  const [student, setStudent] = useState<Student | null>(initial);
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [hasDiscount, setHasDiscount] = useState(false);
  const [priceText, setPriceText] = useState("");
  const [reason, setReason] = useState("");
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [takenText, setTakenText] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const sell = useSell();

  if (products.error) return <ErrorState message={errorText(products.error)} />;
  if (products.isPending) return <ListSkeleton rows={2} className="h-16" />;
  if (products.data.length === 0) return <p className="py-6 text-center text-muted-foreground">La escuela no tiene productos a la venta para su modo de saldo</p>;

  const product = products.data.find((p) => p.id === productId) ?? null;
  const figures = product ? saleFigures({ unitPriceCents: product.price.amount, quantity, hasDiscount, priceText, method, takenText }) : null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!student) return setFormError("Elige el alumno");
    if (!product || !figures) return setFormError("Elige el producto");
    if (figures.total === null) return setFormError("Escribe el precio con descuento en euros, por ejemplo 150,00");
    if (figures.taken === null) return setFormError("Escribe el importe entregado en euros, por ejemplo 200,00");
    const contract = await salesContract.load();
    if (!contract) return;
    const body = contract.createSaleBodySchema.safeParse({
      studentId: student.id,
      productId: product.id,
      quantity,
      ...(hasDiscount ? { totalCents: figures.total, discountReason: reason } : {}),
      paymentMethod: method,
      amountTakenCents: figures.taken,
    });
    if (!body.success) return setFormError(body.error.issues[0]?.message ?? "Los datos no son válidos");
    setFormError(null);
    sell.mutate(body.data, { onSuccess: onSold });
  };

  const error = formError ?? (sell.error ? errorText(sell.error) : null);
  return (
    <form onSubmit={onSubmit} onFocusCapture={salesContract.preload} className="space-y-5" aria-label="Vender">
      {student ? (
        <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
          <div>
            <p className="text-xs text-muted-foreground">Alumno</p>
            <p className="font-medium" data-testid="sale-student">{student.name}</p>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={() => setStudent(null)}>
            Cambiar
          </Button>
        </div>
      ) : (
        <SaleStudentSearch onSelect={(s) => setStudent({ id: s.id, name: s.name })} />
      )}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Producto</legend>
        {products.data.map((p) => (
          <label key={p.id} className={`${choice} justify-between`}>
            <span className="flex items-center gap-2">
              <input type="radio" name="product" value={p.id} checked={productId === p.id} onChange={() => setProductId(p.id)} className="accent-primary" />
              <span>
                <span className="font-medium">{p.title}</span>
                <span className="block text-xs text-muted-foreground">{p.credit.mode === "time" ? formatDuration(p.credit.amount) : formatMoney(p.credit.amount)} de saldo</span>
              </span>
            </span>
            <span className="tabular-nums">{formatMoney(p.price.amount)}</span>
          </label>
        ))}
      </fieldset>

      <div className="flex items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="sale-quantity">Cantidad</Label>
          <div className="flex items-center gap-1">
            <Button type="button" variant="outline" size="icon" aria-label="Quitar uno" disabled={quantity <= 1} onClick={() => setQuantity((q) => q - 1)}>
              −
            </Button>
            <Input id="sale-quantity" inputMode="numeric" className="w-16 text-center" value={quantity} readOnly aria-live="polite" />
            <Button type="button" variant="outline" size="icon" aria-label="Añadir uno" disabled={quantity >= MAX_SALE_QUANTITY} onClick={() => setQuantity((q) => q + 1)}>
              +
            </Button>
          </div>
        </div>
        {figures ? (
          <p className="ml-auto text-right text-sm">
            <span className="block text-muted-foreground">Precio de catálogo</span>
            <span className="text-lg font-semibold tabular-nums" data-testid="sale-list-total">{formatMoney(figures.listTotal)}</span>
          </p>
        ) : null}
      </div>

      <div className="space-y-3">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={hasDiscount}
            onChange={(e) => {
              setHasDiscount(e.target.checked);
              if (e.target.checked && figures && priceText === "") setPriceText(centsInput(figures.listTotal));
            }}
            className="size-5 accent-primary"
          />
          Aplicar un descuento
        </label>
        {hasDiscount ? (
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div className="space-y-1.5">
              <Label htmlFor="sale-price">Precio final (€)</Label>
              <Input id="sale-price" inputMode="decimal" value={priceText} onChange={(e) => setPriceText(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="sale-reason">Motivo del descuento</Label>
              <Textarea id="sale-reason" rows={2} maxLength={DISCOUNT_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          </div>
        ) : null}
      </div>

      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-2 text-sm font-medium">Forma de pago</legend>
        {PAYMENT_METHODS.map((m) => (
          <label key={m} className={choice}>
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} className="accent-primary" />
            {PAYMENT_METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>

      {method === "cash" ? (
        <div className="flex items-end gap-3">
          <div className="space-y-1.5">
            <Label htmlFor="sale-taken">Importe entregado (€)</Label>
            <Input id="sale-taken" inputMode="decimal" className="w-36" placeholder={figures?.total != null ? centsInput(figures.total) : ""} value={takenText} onChange={(e) => setTakenText(e.target.value)} />
          </div>
          {figures?.change != null ? (
            <p className="pb-2 text-sm">
              Cambio: <span className="font-semibold tabular-nums">{formatMoney(figures.change)}</span>
            </p>
          ) : null}
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={sell.isPending}>
        {sell.isPending ? <Spinner aria-hidden /> : null}
        {figures?.total != null ? `Cobrar ${formatMoney(figures.total)}` : "Cobrar"}
      </Button>
    </form>
  );
}
