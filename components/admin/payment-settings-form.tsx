"use client";

import { useState } from "react";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError, errorText } from "@/lib/api-client";
import type { PaymentSettings, PaymentSettingsBody } from "@/lib/contract/payment-settings";
import { useSavePaymentSettings } from "./use-payment-settings";

type Field = "publishableKey" | "secretKey" | "webhookSecret" | "stripeAccount";
const FIELDS: readonly Field[] = ["publishableKey", "secretKey", "webhookSecret", "stripeAccount"];

// The API names the field it refuses ('issues'); anything else is told above the buttons.
function fieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError) || !Array.isArray(error.body.issues)) return {};
  const byField: Partial<Record<Field, string>> = {};
  for (const issue of error.body.issues as { path?: unknown; message?: unknown }[]) {
    const path = String(issue?.path ?? "") as Field;
    if (FIELDS.includes(path) && !byField[path]) byField[path] = String(issue.message ?? "");
  }
  return byField;
}

const keyInputProps = { autoComplete: "off", autoCapitalize: "off", autoCorrect: "off", spellCheck: false, className: "font-mono" } as const;

// Pasting the school's Stripe keys. Switching on needs all three; once on, an empty field keeps what is stored (Stripe
// shows a live secret key only once). Nothing pasted stays in the page after a save: the fields are cleared.
export function PaymentSettingsForm({ current, onDone }: { current: PaymentSettings; onDone?: () => void }) {
  const isChange = current.isEnabled;
  const empty = { publishableKey: "", secretKey: "", webhookSecret: "", stripeAccount: current.stripeAccount ?? "" };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const save = useSavePaymentSettings();
  const errors = fieldErrors(save.error);
  const generalError = save.error && Object.keys(errors).length === 0 ? errorText(save.error) : null;
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const body: PaymentSettingsBody = {};
    for (const field of ["publishableKey", "secretKey", "webhookSecret"] as const) if (values[field].trim()) body[field] = values[field].trim();
    if (values.stripeAccount.trim() !== (current.stripeAccount ?? "")) body.stripeAccount = values.stripeAccount.trim();
    save.mutate(body, {
      onSuccess: () => {
        setValues({ ...empty, stripeAccount: values.stripeAccount.trim() });
        onDone?.();
      },
    });
  }

  const keep = (masked: string | null) => (isChange && masked ? `Sin cambios (${masked})` : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={isChange ? "Cambiar claves de Stripe" : "Activar pagos con tarjeta"}>
      <FormField id="pay-pk" label="Clave publicable" error={errors.publishableKey} hint={isChange ? "Vacía: se mantiene la actual." : "Empieza por pk_test_ o pk_live_."}>
        <Input id="pay-pk" placeholder={keep(current.publishableKey) ?? "pk_test_…"} value={values.publishableKey} onChange={set("publishableKey")} {...keyInputProps} {...invalidProps("pay-pk", errors.publishableKey)} />
      </FormField>
      <FormField id="pay-sk" label="Clave secreta" error={errors.secretKey} hint="Empieza por sk_ (o rk_ si es restringida). Por seguridad, después de guardarla no se vuelve a mostrar.">
        <Input id="pay-sk" placeholder={keep(current.secretKeyMasked) ?? "sk_test_…"} value={values.secretKey} onChange={set("secretKey")} {...keyInputProps} {...invalidProps("pay-sk", errors.secretKey)} />
      </FormField>
      <FormField id="pay-whsec" label="Secreto del webhook" error={errors.webhookSecret} hint="El secreto de firma que Stripe muestra al añadir el webhook. Tampoco se vuelve a mostrar.">
        <Input id="pay-whsec" placeholder={keep(current.webhookSecretMasked) ?? "whsec_…"} value={values.webhookSecret} onChange={set("webhookSecret")} {...keyInputProps} {...invalidProps("pay-whsec", errors.webhookSecret)} />
      </FormField>
      <FormField id="pay-acct" label="Cuenta conectada (opcional)" error={errors.stripeAccount} hint="Solo si la autoescuela cobra a través de la plataforma de otra empresa (acct_…). Normalmente, vacía.">
        <Input id="pay-acct" placeholder="acct_…" value={values.stripeAccount} onChange={set("stripeAccount")} {...keyInputProps} {...invalidProps("pay-acct", errors.stripeAccount)} />
      </FormField>
      {generalError ? (
        <Alert variant="destructive">
          <AlertDescription>{generalError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? "Comprobando con Stripe..." : isChange ? "Comprobar y guardar" : "Comprobar y activar"}
        </Button>
      </div>
    </form>
  );
}
