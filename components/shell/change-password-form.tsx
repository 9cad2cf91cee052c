"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiPost, errorText } from "@/lib/api-client";
import { passwordErrors, type PasswordErrors, type PasswordValues } from "./change-password-errors";
import { PageHeader } from "./page-header";

const FIELDS = [
  { id: "currentPassword", label: "Contraseña actual", autoComplete: "current-password" },
  { id: "newPassword", label: "Nueva contraseña", autoComplete: "new-password" },
  { id: "repeatPassword", label: "Repetir nueva contraseña", autoComplete: "new-password" },
] as const;

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", repeatPassword: "" };

export function ChangePasswordForm() {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const mutation = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiPost("/auth/change-password", body),
    onSuccess: () => {
      setValues(EMPTY);
      toast({ title: "Contraseña actualizada", description: "Tu contraseña se ha cambiado correctamente.", variant: "success" });
    },
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.reset();
    const found = passwordErrors(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f.id]);
    if (first) return event.currentTarget.querySelector<HTMLInputElement>(`#${first.id}`)?.focus();
    mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  }

  return (
    <>
      <PageHeader title="Cambiar contraseña" subtitle="Elige una contraseña nueva de al menos 8 caracteres (12 si eres administrador) que no sea fácil de adivinar" />
      <Card className="max-w-md">
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {/* The server's answer about the whole request (a wrong current password, a refusal); field errors sit under their fields. */}
            {mutation.error ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{errorText(mutation.error, "No se pudo cambiar la contraseña")}</AlertDescription>
              </Alert>
            ) : null}
            {FIELDS.map((field) => (
              <FormField key={field.id} id={field.id} label={field.label} error={errors[field.id]}>
                <Input
                  id={field.id}
                  type="password"
                  autoComplete={field.autoComplete}
                  value={values[field.id]}
                  disabled={mutation.isPending}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [field.id]: e.target.value }));
                    setErrors((current) => ({ ...current, [field.id]: undefined }));
                  }}
                  {...invalidProps(field.id, errors[field.id])}
                />
              </FormField>
            ))}
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? "Guardando..." : "Cambiar contraseña"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
