"use client";

import { useEffect, useState } from "react";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { TenantFailure } from "@/components/auth/tenant-failure";
import { usePublicTenantInfo } from "@/components/auth/use-public-tenant-info";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { apiPost, errorText } from "@/lib/api-client";
import type { TenantInfo } from "@/lib/contract/tenant";

// The public page of a set-password link: the token is the URL's fragment, never sent to the server as a URL.
export function SetPasswordForm({ tenant: serverTenant }: { tenant: TenantInfo | null }) {
  const { data: tenant, error: tenantError } = usePublicTenantInfo(serverTenant);
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<{ username: string; signedIn: boolean } | null>(null);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    setToken(window.location.hash.replace(/^#/, "") || "");
  }, []);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    // Read from the form, not from state: what was typed before the page's code hydrated never reached an onChange.
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const password = String(form.get("password") ?? "");
    const repeat = String(form.get("repeat") ?? "");
    // The contract's rule, loaded with the first submit: the page's first load carries no schema library (issue 13).
    const { passwordSchema } = await import("@/lib/contract/backoffice-users");
    const parsed = passwordSchema.safeParse(password);
    const found = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      repeat: password === repeat ? undefined : "Las contraseñas no coinciden",
    };
    setErrors(found);
    if (found.password || found.repeat) return;
    setIsSending(true);
    setServerError(null);
    try {
      const result = await apiPost<{ username: string; signedIn?: boolean }>("/auth/set-password", { token, password });
      setDone({ username: result.username, signedIn: result.signedIn === true });
      history.replaceState(null, "", window.location.pathname);
      // Signed in by the BFF: straight into the app (its home for the user's role).
      if (result.signedIn) window.location.assign("/");
    } catch (error) {
      setServerError(errorText(error, "No se pudo establecer la contraseña"));
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
          {/* The page's title is its heading (the card title is a div): a screen reader's heading list finds it. */}
          <h1 className="text-xl leading-none font-semibold">Establecer contraseña</h1>
          <CardDescription>
            Elige la contraseña con la que entrarás en la aplicación: al menos 8 caracteres (12 para un administrador) y que
            no sea fácil de adivinar.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {done?.signedIn ? (
            <Alert role="status">
              <AlertDescription>Contraseña establecida. Entrando en la aplicación…</AlertDescription>
            </Alert>
          ) : done ? (
            <div className="grid gap-4 text-center">
              <Alert>
                <AlertDescription>Contraseña establecida. Ya puedes iniciar sesión con tu usuario «{done.username}».</AlertDescription>
              </Alert>
              <Button asChild>
                {/* A full load: the login is a page of its own, outside any shell. */}
                <a href="/login">Iniciar sesión</a>
              </Button>
            </div>
          ) : token === "" ? (
            <Alert variant="destructive">
              <AlertDescription>El enlace no es válido. Pide uno nuevo en la autoescuela.</AlertDescription>
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              {serverError ? (
                <Alert variant="destructive" role="alert">
                  <AlertDescription>{serverError}</AlertDescription>
                </Alert>
              ) : null}
              <FormField id="new-password" label="Nueva contraseña" error={errors.password}>
                <Input id="new-password" name="password" type="password" autoComplete="new-password" {...invalidProps("new-password", errors.password)} />
              </FormField>
              <FormField id="repeat-password" label="Repite la contraseña" error={errors.repeat}>
                <Input id="repeat-password" name="repeat" type="password" autoComplete="new-password" {...invalidProps("repeat-password", errors.repeat)} />
              </FormField>
              <Button type="submit" disabled={isSending || token === null}>
                {isSending ? "Guardando..." : "Establecer contraseña"}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
