"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiRequest, type Answer } from "@/lib/api-client";
import type { notificationPreferencesSchema, ownEmailSchema } from "@/lib/contract/notifications";
import { notificationQueries } from "./queries";

type Preferences = Answer<typeof notificationPreferencesSchema>;

// The person's own address (PUT /api/me/email): where the school's e-mails go. Empty removes it.
export function EmailCard({ email }: { email: string | null }) {
  const client = useQueryClient();
  const [value, setValue] = useState(email ?? "");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (next: string | null) => apiRequest<Answer<typeof ownEmailSchema>>("/me/email", { method: "PUT", json: { email: next } }),
    onSuccess: (answer) => {
      setValue(answer.email ?? "");
      client.setQueryData<Preferences>(notificationQueries.preferences().queryKey, (p) => (p ? { ...p, email: answer.email } : p));
      toast({ title: answer.email ? "Correo electrónico guardado" : "Correo electrónico eliminado", variant: "success" });
    },
    onError: (error) => {
      // A bad or taken address is told under the field (the server's Spanish message); other failures by the toast.
      if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.serverMessage) setFieldError(error.serverMessage);
    },
  });

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    const next = value.trim();
    save.mutate(next === "" ? null : next);
  }

  const isUnchanged = value.trim() === (email ?? "");
  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="leading-none font-semibold">Correo electrónico</h2>
        <CardDescription>Donde te llegan los avisos por correo de la autoescuela. Déjalo vacío para no recibir ninguno.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <FormField id="own-email" label="Correo electrónico" error={fieldError}>
              <Input
                id="own-email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                className="h-11"
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setFieldError(undefined);
                }}
                {...invalidProps("own-email", fieldError)}
              />
            </FormField>
          </div>
          <Button type="submit" className="h-11 sm:mt-[22px]" disabled={save.isPending || isUnchanged}>
            {save.isPending ? "Guardando..." : "Guardar correo"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
