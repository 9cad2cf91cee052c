"use client";

import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";

// The school's webhook address, to register in Stripe's dashboard: Stripe then gives the signing secret (whsec_…)
// that the office pastes in the form.
export function PaymentSettingsWebhook({ url, events }: { url: string; events: string[] }) {
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Dirección copiada", description: "Pégala en Stripe al añadir el webhook.", variant: "success" });
    } catch {
      document.getElementById("payments-webhook-url")?.focus();
    }
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor="payments-webhook-url">Dirección del webhook</Label>
      <div className="flex gap-2">
        <Input
          id="payments-webhook-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
          data-testid="payments-webhook-url"
        />
        <Button type="button" variant="outline" size="icon" onClick={onCopy} aria-label="Copiar dirección del webhook">
          <Copy aria-hidden />
        </Button>
      </div>
      <div className="text-xs text-muted-foreground">
        <p>En el panel de Stripe, en Desarrolladores › Webhooks, añade un destino con esta dirección y estos eventos:</p>
        <ul className="my-1 list-disc pl-5 font-mono">
          {events.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <p>Stripe te dará el secreto de firma (whsec_…) que se pega en «Secreto del webhook».</p>
      </div>
    </div>
  );
}
