"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { apiPost, errorText } from "@/lib/api-client";
import { changePasswordBodySchema } from "@/lib/contract/auth";
import { PageHeader } from "./page-header";

const FIELDS = [
  { id: "currentPassword", label: "Contraseña actual", autoComplete: "current-password" },
  { id: "newPassword", label: "Nueva contraseña", autoComplete: "new-password" },
  { id: "repeatPassword", label: "Repetir nueva contraseña", autoComplete: "new-password" },
] as const;

type Values = Record<(typeof FIELDS)[number]["id"], string>;
const EMPTY: Values = { currentPassword: "", newPassword: "", repeatPassword: "" };

export function ChangePasswordForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiPost("/auth/change-password", body),
    onSuccess: () => {
      setValues(EMPTY);
      toast({ title: "Contraseña actualizada", description: "Tu contraseña se ha cambiado correctamente.", variant: "success" });
    },
    onError: (e) => setError(errorText(e, "No se pudo cambiar la contraseña")),
  });

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = changePasswordBodySchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    if (values.newPassword !== values.repeatPassword) return setError("Las contraseñas no coinciden");
    mutation.mutate(parsed.data);
  }

  return (
    <>
      <PageHeader title="Cambiar contraseña" subtitle="Elige una contraseña nueva de al menos 6 caracteres" />
      <Card className="max-w-md">
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {error ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            ) : null}
            {FIELDS.map((field) => (
              <div key={field.id} className="space-y-2">
                <Label htmlFor={field.id}>{field.label}</Label>
                <Input
                  id={field.id}
                  type="password"
                  autoComplete={field.autoComplete}
                  value={values[field.id]}
                  disabled={mutation.isPending}
                  onChange={(e) => setValues((v) => ({ ...v, [field.id]: e.target.value }))}
                />
              </div>
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
