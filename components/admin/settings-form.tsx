"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { configQueries } from "@/components/booking/queries";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { PageHeader } from "@/components/shell/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { EditableSettingKey } from "@/lib/contract/backoffice";
import { EDITABLE_SETTING_KEYS } from "@/lib/contract/constants/backoffice";
import type { configResponseSchema, ConfigResponse } from "@/lib/contract/config";
import { durationChoices } from "./duration-choices";
import { PRICE_EUROS_ERROR, centsToEuros, eurosToCents } from "./euros";
import { NativeSelect } from "@/components/ui/native-select";

type Values = Record<EditableSettingKey, string>;

// The API names the field of a refused value; a refused price is told in euros, as the office typed it.
const isPriceError = (error: unknown) =>
  error instanceof ApiError && Array.isArray(error.body.issues) && error.body.issues.some((i: { path?: unknown }) => i?.path === "hourly_price");

export function SettingsForm() {
  const { data, error } = useQuery(configQueries.config());
  return (
    <>
      <PageHeader title="Ajustes" subtitle="Configuración de las reservas y del saldo de la autoescuela. Los cambios se aplican a las próximas reservas." />
      {error ? <ErrorState message={errorText(error)} /> : !data ? <ListSkeleton rows={3} /> : <Form key={JSON.stringify(data)} config={data} />}
    </>
  );
}

function Form({ config }: { config: ConfigResponse }) {
  const queryClient = useQueryClient();
  const initial = Object.fromEntries(EDITABLE_SETTING_KEYS.map((k) => [k, k === "hourly_price" ? centsToEuros(config[k].value) : config[k].value])) as Values;
  const [values, setValues] = useState<Values>(initial);
  const [priceError, setPriceError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (body: Partial<Values>) => apiRequest<Answer<typeof configResponseSchema>>("/administrator/settings", { method: "PUT", json: body }),
    onSuccess: async (next) => {
      queryClient.setQueryData(configQueries.config().queryKey, next);
      toast({ title: "Ajustes guardados", variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["administrator", "audit"] });
    },
  });
  const shownPriceError = priceError ?? (isPriceError(save.error) ? PRICE_EUROS_ERROR : undefined);
  const set = (key: EditableSettingKey) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    save.reset();
    const cents = eurosToCents(values.hourly_price);
    setPriceError(cents === null ? PRICE_EUROS_ERROR : undefined);
    if (cents === null) return;
    const wire = { ...values, hourly_price: String(cents) };
    const changed = Object.fromEntries(EDITABLE_SETTING_KEYS.filter((k) => wire[k] !== config[k].value).map((k) => [k, wire[k]]));
    if (Object.keys(changed).length === 0) return toast({ title: "No hay cambios que guardar" });
    save.mutate(changed);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle>Reservas</CardTitle>
          <CardDescription>Al reservar, el alumno elige la duración entre la mínima y la máxima, en pasos de la duración mínima.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="s-min" label="Duración mínima de una práctica">
            <DurationSelect id="s-min" stored={config.practice_duration_min.value} value={values.practice_duration_min} onChange={set("practice_duration_min")} />
          </FormField>
          <FormField id="s-max" label="Duración máxima de una práctica">
            <DurationSelect id="s-max" stored={config.practice_duration_max.value} value={values.practice_duration_max} onChange={set("practice_duration_max")} />
          </FormField>
          <FormField id="s-inc" label="Incremento (informativo)">
            <DurationSelect id="s-inc" stored={config.practice_duration_increments.value} value={values.practice_duration_increments} onChange={set("practice_duration_increments")} />
          </FormField>
          <FormField id="s-mode" label="Modo de reserva">
            <NativeSelect id="s-mode" value={values.reservation_mode} onChange={set("reservation_mode")}>
              <option value="request">Solicitud: el profesor confirma cada reserva</option>
              <option value="direct">Directa: la reserva queda confirmada al hacerla</option>
            </NativeSelect>
          </FormField>
          <FormField id="s-deadline" label="Plazo para cancelar (horas antes)">
            <Input id="s-deadline" inputMode="numeric" value={values.reservation_cancel_deadline_hours} onChange={set("reservation_cancel_deadline_hours")} />
          </FormField>
          <FormField id="s-horizon" label="Días de antelación máxima para reservar">
            <Input id="s-horizon" inputMode="numeric" value={values.booking_horizon_days} onChange={set("booking_horizon_days")} />
          </FormField>
          <FormField id="s-cancellations" label="Máximo de cancelaciones por alumno y día">
            <Input id="s-cancellations" inputMode="numeric" value={values.max_cancellations_per_day} onChange={set("max_cancellations_per_day")} />
          </FormField>
          <FormField id="s-notice" label="Antelación mínima para reservar (horas)">
            <Input id="s-notice" inputMode="numeric" value={values.booking_min_notice_hours} onChange={set("booking_min_notice_hours")} />
          </FormField>
          <FormField id="s-reminders" label="Recordatorios de clase (horas antes)" hint="Hasta 3, separadas por comas. Vacío: sin recordatorios.">
            <Input id="s-reminders" inputMode="numeric" placeholder="24,2" value={values.lesson_reminder_hours} onChange={set("lesson_reminder_hours")} />
          </FormField>
          <FormField id="s-agenda" label="Hora del resumen diario del profesor" hint="Hora de la autoescuela. Vacío: sin resumen.">
            <Input id="s-agenda" inputMode="numeric" placeholder="20:00" value={values.instructor_agenda_time} onChange={set("instructor_agenda_time")} />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Saldo y precio</CardTitle>
          <CardDescription>El modo de saldo solo puede cambiarse cuando todos los alumnos tienen saldo cero.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="s-balance" label="Modo de saldo">
            <NativeSelect id="s-balance" value={values.balance_mode} onChange={set("balance_mode")}>
              <option value="time">Tiempo (horas de prácticas)</option>
              <option value="money">Dinero (euros)</option>
            </NativeSelect>
          </FormField>
          <FormField id="s-price" label="Precio por hora (€)" error={shownPriceError}>
            <Input id="s-price" inputMode="decimal" value={values.hourly_price} onChange={set("hourly_price")} {...invalidProps("s-price", shownPriceError)} />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Correos</CardTitle>
          <CardDescription>Las respuestas a los correos de avisos que la autoescuela envía a alumnos y profesores llegan a esta dirección.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="s-reply-to" label="Correo de respuesta" hint="Vacío: los correos no admiten respuesta.">
            <Input id="s-reply-to" type="email" inputMode="email" autoComplete="email" placeholder="secretaria@autoescuela.es" value={values.notification_reply_to} onChange={set("notification_reply_to")} />
          </FormField>
        </CardContent>
      </Card>
      {save.error && !isPriceError(save.error) ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(save.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => setValues(initial)} disabled={save.isPending}>
          Descartar cambios
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Guardando..." : "Guardar ajustes"}
        </Button>
      </div>
    </form>
  );
}

// Durations are chosen, not typed: the API keeps ISO 8601 ('PT1H30M'), the office reads '1h 30m'.
// The stored value stays among the choices even when it is off the quarter-hour grid.
function DurationSelect({ stored, ...props }: { id: string; stored: string; value: string; onChange: React.ChangeEventHandler<HTMLSelectElement> }) {
  return (
    <NativeSelect {...props}>
      {durationChoices(stored).map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </NativeSelect>
  );
}
