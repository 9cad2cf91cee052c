"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { errorText } from "@/lib/api-client";
import type { PaymentSettings } from "@/lib/contract/payment-settings";
import { useDateFormat } from "@/components/shell/use-date-format";
import { PaymentSettingsForm } from "./payment-settings-form";
import { paymentSettingsQueries } from "./payment-settings-queries";
import { PaymentSettingsWebhook } from "./payment-settings-webhook";
import { useDisablePaymentSettings } from "./use-payment-settings";

// Card payments switched on by the office (issue 31 §4): the school's Stripe keys, checked with Stripe when saved.
export function PaymentSettingsSection() {
  const { data, error } = useQuery(paymentSettingsQueries.settings());
  return (
    <section aria-labelledby="payments-title" className="mt-6 lg:max-w-3xl">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id="payments-title">Pagos con tarjeta</CardTitle>
            {data ? <StatusBadges settings={data} /> : null}
          </div>
          <CardDescription>
            Con los pagos activados, los alumnos recargan su saldo con tarjeta desde la aplicación y el dinero llega a la cuenta de Stripe de
            la autoescuela.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {error ? <ErrorState message={errorText(error)} /> : !data ? <ListSkeleton rows={2} /> : <Body settings={data} />}
        </CardContent>
      </Card>
    </section>
  );
}

function StatusBadges({ settings }: { settings: PaymentSettings }) {
  if (!settings.isEnabled) return <Badge variant="outline">Desactivados</Badge>;
  return (
    <>
      <Badge variant="success">Activados</Badge>
      {settings.mode === "live" ? <Badge variant="default">Modo real</Badge> : <Badge variant="warning">Modo de prueba</Badge>}
    </>
  );
}

function Body({ settings }: { settings: PaymentSettings }) {
  // The school's time zone in the server's HTML, the device's after hydration (as every page's dates).
  const formats = useDateFormat();
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const disable = useDisablePaymentSettings();
  const webhook = <PaymentSettingsWebhook url={settings.webhookUrl} events={settings.webhookEvents} />;

  if (!settings.isEnabled) {
    return (
      <>
        {settings.isUnreadable ? (
          <Alert variant="destructive">
            <AlertDescription>
              Las claves guardadas no se pueden leer (la clave de cifrado del servidor ha cambiado). Los pagos con tarjeta están desactivados hasta
              que vuelvas a pegar las tres claves.
            </AlertDescription>
          </Alert>
        ) : null}
        {webhook}
        <PaymentSettingsForm current={settings} />
      </>
    );
  }
  return (
    <>
      {settings.mode === "test" ? (
        <p className="text-sm text-muted-foreground">
          Modo de prueba: los alumnos no pagan de verdad. Sirve para probar con las tarjetas de prueba de Stripe (4242 4242 4242 4242).
        </p>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6" data-testid="payment-keys">
        <Row label="Clave publicable" value={settings.publishableKey} />
        <Row label="Clave secreta" value={settings.secretKeyMasked} />
        <Row label="Secreto del webhook" value={settings.webhookSecretMasked} />
        {settings.stripeAccount ? <Row label="Cuenta conectada" value={settings.stripeAccount} /> : null}
        {settings.updatedAt ? <Row label="Guardadas el" value={formats.dateTime(settings.updatedAt)} isPlain /> : null}
      </dl>
      {webhook}
      {isEditing ? (
        <PaymentSettingsForm current={settings} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            Desactivar pagos con tarjeta
          </Button>
          <Button type="button" onClick={() => setEditing(true)}>
            Cambiar claves
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title="¿Desactivar los pagos con tarjeta?"
        description="Los alumnos dejarán de poder recargar su saldo con tarjeta y las claves de Stripe se borrarán: para volver a activarlos habrá que pegarlas de nuevo. Si un alumno está pagando en ese momento, su pago no se anotará en el saldo hasta que vuelvas a activarlos con las mismas claves."
        confirmText="Desactivar"
        loadingText="Desactivando..."
        variant="destructive"
        isLoading={disable.isPending}
        onConfirm={() => disable.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
      {disable.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(disable.error)}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

function Row({ label, value, isPlain = false }: { label: string; value: string | null; isPlain?: boolean }) {
  return (
    <div className="grid gap-0.5 sm:contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={isPlain ? "" : "break-all font-mono text-xs sm:text-sm"}>{value ?? "—"}</dd>
    </div>
  );
}
