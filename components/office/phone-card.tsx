"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiRequest, type Answer } from "@/lib/api-client";
import type { ownContactSchema } from "@/lib/contract/phone";
import { formatPhone, normalizeSpanishPhone, PHONE_INVALID_MESSAGE, PHONE_MAX_INPUT_LENGTH } from "@/lib/format/phone";
import { officeQueries } from "./queries";

type Contact = Answer<typeof ownContactSchema>;

function PhoneForm({ phone }: { phone: string | null }) {
  const client = useQueryClient();
  const [value, setValue] = useState(phone ? formatPhone(phone) : "");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (next: string | null) => apiRequest<Contact>("/me/phone", { method: "PUT", json: { phone: next } }),
    onSuccess: (answer) => {
      setValue(answer.phone ? formatPhone(answer.phone) : "");
      client.setQueryData(officeQueries.ownContact().queryKey, answer);
      toast({ title: answer.phone ? "Teléfono guardado" : "Teléfono eliminado", variant: "success" });
    },
    onError: (error) => {
      // The contract's Spanish message under the field; other failures by the app's toast.
      if (error instanceof ApiError && error.status < 500 && error.status !== 401) setFieldError(error.serverMessage ?? PHONE_INVALID_MESSAGE);
    },
  });

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const text = value.trim();
    // The contract's rule (lib/contract/phone.ts), checked here first so the person reads it without a round trip.
    if (text !== "" && !normalizeSpanishPhone(text)) return setFieldError(PHONE_INVALID_MESSAGE);
    setFieldError(undefined);
    save.mutate(text === "" ? null : text);
  }

  const isUnchanged = (normalizeSpanishPhone(value) ?? value.trim()) === (phone ?? "");
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <FormField id="own-phone" label="Teléfono" error={fieldError}>
          <Input
            id="own-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={PHONE_MAX_INPUT_LENGTH}
            placeholder="612 34 56 78"
            className="h-11"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setFieldError(undefined);
            }}
            {...invalidProps("own-phone", fieldError)}
          />
        </FormField>
      </div>
      <Button type="submit" className="h-11 sm:mt-[22px]" disabled={save.isPending || isUnchanged}>
        {save.isPending ? "Guardando..." : "Guardar teléfono"}
      </Button>
    </form>
  );
}

// 'Mi perfil': the person's own phone (PUT /api/me/phone), Spanish, stored in E.164; empty removes it.
export function PhoneCard() {
  const { data } = useQuery(officeQueries.ownContact());
  return (
    <Card className="gap-4" data-testid="own-phone-card">
      <CardHeader>
        <h2 className="leading-none font-semibold">Teléfono</h2>
        <CardDescription>Para que la autoescuela pueda llamarte. Déjalo vacío para quitarlo.</CardDescription>
      </CardHeader>
      <CardContent>{data ? <PhoneForm key={data.phone ?? ""} phone={data.phone} /> : <Skeleton className="h-11" />}</CardContent>
    </Card>
  );
}
