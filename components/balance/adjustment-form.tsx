"use client";

import { useState, type FormEvent } from "react";
import { formContracts } from "@/components/shell/lazy-contract";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { errorText } from "@/lib/api-client";
import type { BalanceMode } from "@/lib/contract/config";
import type { MovementOperation } from "@/lib/contract/balance";
import { parseEuros, parseHoursMinutes } from "./adjustment-amount";
import { useAdjustBalance } from "./use-adjust-balance";

// Add or deduct by hand (cash at the counter, corrections), in the school's balance mode, always with a reason.
export function AdjustmentForm({ studentId, mode }: { studentId: string; mode: BalanceMode }) {
  const [operation, setOperation] = useState<MovementOperation>("top-up");
  const [euros, setEuros] = useState("");
  const [hours, setHours] = useState("");
  const [minutes, setMinutes] = useState("");
  const [reason, setReason] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const adjust = useAdjustBalance(studentId);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const contract = await formContracts.balance.load();
    if (!contract) return;
    const amount = mode === "money" ? parseEuros(euros) : parseHoursMinutes(hours, minutes);
    if (amount === null) return setFormError(mode === "money" ? "Indica un importe mayor que cero, por ejemplo 20,00" : "Indica horas y minutos (0 a 59) mayores que cero");
    // The route's own schema: the same rules and messages (reason length, maximum amount) before the call.
    const body = contract.balanceAdjustmentBodySchema.safeParse({ operation, amount, reason });
    if (!body.success) return setFormError(body.error.issues[0]?.message ?? "Los datos no son válidos");
    setFormError(null);
    adjust.mutate(body.data, { onSuccess: () => [setEuros, setHours, setMinutes, setReason].forEach((set) => set("")) });
  };

  const error = formError ?? (adjust.error ? errorText(adjust.error) : null);
  return (
    <form onSubmit={onSubmit} onFocusCapture={formContracts.balance.preload} className="space-y-4" aria-label="Ajustar saldo">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm font-medium">Operación</legend>
        {(["top-up", "consumption"] as const).map((op) => (
          <label key={op} className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input type="radio" name="operation" value={op} checked={operation === op} onChange={() => setOperation(op)} className="accent-primary" />
            {op === "top-up" ? "Añadir saldo" : "Descontar saldo"}
          </label>
        ))}
      </fieldset>
      {mode === "money" ? (
        <div className="space-y-1.5">
          <Label htmlFor="desk-euros">Importe (€)</Label>
          <Input id="desk-euros" inputMode="decimal" placeholder="20,00" value={euros} onChange={(e) => setEuros(e.target.value)} className="max-w-40" />
        </div>
      ) : (
        <div className="flex gap-3">
          <div className="space-y-1.5">
            <Label htmlFor="desk-hours">Horas</Label>
            <Input id="desk-hours" type="number" min={0} step={1} value={hours} onChange={(e) => setHours(e.target.value)} className="w-24" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="desk-minutes">Minutos</Label>
            <Input id="desk-minutes" type="number" min={0} max={59} step={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} className="w-24" />
          </div>
        </div>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="desk-reason">Motivo</Label>
        <Textarea id="desk-reason" maxLength={200} placeholder="Pago en efectivo en la oficina, corrección…" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={adjust.isPending}>
        {adjust.isPending ? <Spinner aria-hidden /> : null}
        Registrar ajuste
      </Button>
    </form>
  );
}
