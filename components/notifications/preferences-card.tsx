"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorText, type Answer } from "@/lib/api-client";
import type { notificationPreferencesSchema } from "@/lib/contract/notifications";
import { notificationQueries } from "./queries";
import { preferencesBody, samePreferences, type PreferenceValues } from "./preferences";

type Preferences = Answer<typeof notificationPreferencesSchema>;

export const EMAIL_OFF_TEXT = "El correo no está configurado en esta autoescuela";
export const PUSH_OFF_TEXT = "Las notificaciones push no están configuradas en esta autoescuela";
export const QUIET_HOURS_LABEL = "Silenciar avisos push de 22:00 a 08:00";

// What reaches the person and how: a row per category with its 'Push' and 'Correo' switches (in the app, always),
// and the quiet hours of push. Saved together with 'Guardar preferencias'.
export function PreferencesCard({ preferences }: { preferences: Preferences }) {
  const client = useQueryClient();
  const [values, setValues] = useState<PreferenceValues>(() => ({ quietHours: preferences.quietHours, categories: preferences.categories }));
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof preferencesBody>) =>
      apiRequest<Preferences>("/notifications/preferences", { method: "PUT", json: body }),
    onSuccess: (answer) => {
      client.setQueryData(notificationQueries.preferences().queryKey, answer);
      setValues({ quietHours: answer.quietHours, categories: answer.categories });
      toast({ title: "Preferencias guardadas", variant: "success" });
    },
  });
  const setChannel = (category: string, channel: "push" | "email", on: boolean) =>
    setValues((v) => ({ ...v, categories: v.categories.map((c) => (c.category === category ? { ...c, [channel]: on } : c)) }));
  const isDirty = !samePreferences(values, preferences);

  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="leading-none font-semibold">Avisos</h2>
        <CardDescription>Todos los avisos aparecen en la campana de la aplicación. Elige cuáles te llegan también por push y por correo.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Tipo de aviso
              </th>
              <th scope="col" className="w-16 py-2 text-center font-medium">
                Push
              </th>
              <th scope="col" className="w-16 py-2 text-center font-medium">
                Correo
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {values.categories.map((c) => (
              <tr key={c.category} data-testid="preference-row">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {c.label}
                </th>
                <td className="py-1 text-center">
                  <Switch
                    checked={c.push}
                    disabled={!preferences.pushEnabled || save.isPending}
                    aria-label={`${c.label} por push`}
                    aria-describedby={preferences.pushEnabled ? undefined : "push-off"}
                    onCheckedChange={(on) => setChannel(c.category, "push", on)}
                  />
                </td>
                <td className="py-1 text-center">
                  <Switch
                    checked={c.email}
                    disabled={!preferences.emailEnabled || save.isPending}
                    aria-label={`${c.label} por correo`}
                    aria-describedby={preferences.emailEnabled ? undefined : "email-off"}
                    onCheckedChange={(on) => setChannel(c.category, "email", on)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ChannelNotes preferences={preferences} />
        <div className="flex items-center justify-between gap-3 rounded-lg border px-3 py-1">
          <span className="text-sm">
            <span id="quiet-hours-label">{QUIET_HOURS_LABEL}</span>
            <span id="quiet-hours-hint" className="block text-xs text-muted-foreground">
              Los avisos de esas horas llegan a las 08:00. El correo llega a cualquier hora.
            </span>
          </span>
          <Switch
            checked={values.quietHours}
            disabled={!preferences.pushEnabled || save.isPending}
            aria-labelledby="quiet-hours-label"
            aria-describedby="quiet-hours-hint"
            onCheckedChange={(on) => setValues((v) => ({ ...v, quietHours: on }))}
          />
        </div>
        {save.error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{errorText(save.error, "No se pudieron guardar las preferencias")}</AlertDescription>
          </Alert>
        ) : null}
        <Button className="h-11 w-full sm:w-auto" disabled={!isDirty || save.isPending} onClick={() => save.mutate(preferencesBody(values))}>
          {save.isPending ? "Guardando..." : "Guardar preferencias"}
        </Button>
      </CardContent>
    </Card>
  );
}

// Why a column of switches cannot be changed, and what an address is for.
function ChannelNotes({ preferences }: { preferences: Preferences }) {
  const notes = [
    preferences.pushEnabled ? null : { id: "push-off", text: PUSH_OFF_TEXT },
    preferences.emailEnabled ? null : { id: "email-off", text: EMAIL_OFF_TEXT },
    preferences.emailEnabled && !preferences.email
      ? { id: "email-missing", text: "Añade tu correo electrónico para recibir los avisos por correo" }
      : null,
  ].filter((n) => n !== null);
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-muted-foreground">
      {notes.map((n) => (
        <li key={n.id} id={n.id}>
          {n.text}.
        </li>
      ))}
    </ul>
  );
}
