"use client";

import { Minus, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_ITEM_QUANTITY } from "@/lib/contract/constants/shop";

type Props = { label: string; value: number; onChange: (value: number) => void };

// The quantity of one product; it sits inside a clickable card, so its clicks stop here.
export function QuantityControl({ label, value, onChange }: Props) {
  return (
    <div className="flex items-center gap-1" onClick={(e) => e.stopPropagation()}>
      <Button type="button" variant="outline" size="icon" aria-label={`Quitar una unidad de ${label}`} disabled={value <= 0} onClick={() => onChange(value - 1)}>
        <Minus aria-hidden />
      </Button>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_ITEM_QUANTITY}
        step={1}
        aria-label={`Cantidad de ${label}`}
        className="h-9 w-16 text-center tabular-nums"
        value={value}
        onChange={(e) => onChange(e.target.value === "" ? 0 : Number(e.target.value))}
      />
      <Button type="button" variant="outline" size="icon" aria-label={`Añadir una unidad de ${label}`} disabled={value >= MAX_ITEM_QUANTITY} onClick={() => onChange(value + 1)}>
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
