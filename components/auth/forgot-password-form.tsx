"use client";

import { useState } from "react";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { apiPost, errorText } from "@/lib/api-client";
import type { ForgotPasswordResponse } from "@/lib/contract/auth";
import type { TenantInfo } from "@/lib/contract/tenant";
import { TenantFailure } from "./tenant-failure";
import { useHydrated } from "@/components/shell/use-hydrated";
import { usePublicTenantInfo } from "./use-public-tenant-info";

// The answer is the same whether or not the account exists, or has an e-mail address (password-recovery.ts).
export const SENT_TEXT =
  "Si el usuario existe y tiene un correo electrónico en su ficha, te hemos enviado un enlace para crear una contraseña nueva. Caduca en 1 hora. Si no te llega en unos minutos, mira en la carpeta de correo no deseado o pide un enlace en la autoescuela.";
export const OFFICE_TEXT = "Esta autoescuela no envía enlaces por correo: pide en la oficina un enlace para crear una contraseña nueva.";

export function ForgotPasswordForm({ tenant: serverTenant }: { tenant: TenantInfo | null }) {
  const { data: tenant, error: tenantError } = usePublicTenantInfo(serverTenant);
  // Until the code runs, the button stays off: a tap or Enter before then would submit the bare HTML form (a reload
  // that empties the fields). What was typed meanwhile is kept and read on submit.
  const isHydrated = useHydrated();
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ForgotPasswordResponse | null>(null);
  const [isSending, setIsSending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    // Read from the form, not from state: keystrokes typed before the page's code has hydrated never reach an onChange.
    const username = String(new FormData(event.currentTarget as HTMLFormElement).get("username") ?? "");
    if (!username.trim()) {
      setError("Escribe tu usuario");
      return;
    }
    setError(undefined);
    setServerError(null);
    setIsSending(true);
    try {
      setAnswer(await apiPost<ForgotPasswordResponse>("/auth/forgot-password", { username: username.trim() }));
    } catch (failure) {
      setServerError(errorText(failure, "No se pudo enviar la petición"));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <p className="text-sm text-muted-foreground">{tenant?.name ?? ""}</p>
          {tenant ? null : <TenantFailure error={tenantError} />}
          <h1 className="text-xl leading-none font-semibold">Recuperar contraseña</h1>
          <CardDescription>Escribe tu usuario (o tu DNI) y te enviaremos un enlace para crear una contraseña nueva.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {answer ? (
            <Alert role="status">
              <AlertDescription>{answer.delivery === "email" ? SENT_TEXT : OFFICE_TEXT}</AlertDescription>
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              {serverError ? (
                <Alert variant="destructive" role="alert">
                  <AlertDescription>{serverError}</AlertDescription>
                </Alert>
              ) : null}
              <FormField id="recovery-username" label="Usuario" error={error}>
                <Input
                  id="recovery-username"
                  autoComplete="username"
                  name="username"
                  autoCapitalize="none"
                  {...invalidProps("recovery-username", error)}
                />
              </FormField>
              <Button type="submit" disabled={isSending || !isHydrated}>
                {isSending ? "Enviando…" : "Enviar enlace"}
              </Button>
            </form>
          )}
          <p className="text-center text-sm">
            <a href="/login" className="inline-flex min-h-11 items-center underline underline-offset-4">
              Volver a iniciar sesión
            </a>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
