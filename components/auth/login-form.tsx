"use client";

import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, apiRequest, type Answer } from "@/lib/api-client";
import type { bffLoginResponseSchema, LoginChallenge } from "@/lib/contract/auth";
import type { TenantInfo } from "@/lib/contract/tenant";
import { solveChallenge } from "@/lib/session/proof-of-work";
import { rememberFailedSignIns } from "./failed-sign-ins";
import { validateLogin, type LoginErrors } from "./login-schema";
import { TenantFailure } from "./tenant-failure";
import { useHydrated } from "@/components/shell/use-hydrated";
import { usePublicTenantInfo } from "./use-public-tenant-info";

function challengeOf(error: unknown): LoginChallenge | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const c = error.body.challenge as Partial<LoginChallenge> | undefined;
  return c && typeof c.token === "string" && typeof c.prefix === "string" && typeof c.bits === "number" ? (c as LoginChallenge) : null;
}

export function LoginForm({ tenant: serverTenant }: { tenant: TenantInfo | null }) {
  const { data: tenant, error: tenantError } = usePublicTenantInfo(serverTenant);
  // Until the code runs, the button stays off: a tap or Enter before then would submit the bare HTML form (a reload
  // that empties the fields). What was typed meanwhile is kept and read on submit.
  const isHydrated = useHydrated();
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isChecking, setIsChecking] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    // Read from the form, not from state: on a slow phone the fields can be typed in before the page's code has
    // hydrated, and those keystrokes never reach an onChange.
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    const found = validateLogin(username, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSending(true);
    setServerError(null);
    const signIn = (proof?: { challenge: string; solution: number }) =>
      apiRequest<Answer<typeof bffLoginResponseSchema>>("/login", { method: "POST", json: { username: username.trim(), password, ...proof } });
    try {
      let result;
      try {
        result = await signIn();
      } catch (error) {
        // The account is backed off after failed attempts: a solved challenge lets this attempt be checked anyway
        // (server/modules/auth/challenge.ts). Solved once per submit; a second refusal is shown as it comes.
        const challenge = challengeOf(error);
        if (!challenge) throw error;
        setIsChecking(true);
        const solution = await solveChallenge(challenge.prefix, challenge.bits);
        result = await signIn({ challenge: challenge.token, solution });
      }
      rememberFailedSignIns(result.failedAttempts);
      window.location.assign("/");
    } catch (error) {
      setServerError(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Error al iniciar sesión");
      setIsSending(false);
      setIsChecking(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          {tenant?.loginLogo ? (
            // A school's logo is drawn for a light page (dark lettering, transparent ground): in the dark theme it sits on a
            // light plate, as in the sidebar, or its name would vanish into the dark card.
            // eslint-disable-next-line @next/next/no-img-element -- tenant logos are arbitrary URLs
            <img src={tenant.loginLogo} alt={tenant.name} className="mx-auto h-16 max-w-full rounded-md object-contain dark:h-20 dark:bg-white dark:px-3 dark:py-2" />
          ) : (
            <h1 className="text-2xl font-bold">{tenant?.name ?? ""}</h1>
          )}
          {tenant ? null : <TenantFailure error={tenantError} />}
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {serverError ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{serverError}</AlertDescription>
              </Alert>
            ) : null}
            <div className="space-y-2">
              <Label htmlFor="username">DNI / Nombre de usuario</Label>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                disabled={isSending}
                aria-invalid={!!errors.username}
                aria-describedby={errors.username ? "username-error" : undefined}
              />
              {errors.username ? <p id="username-error" className="text-sm text-destructive">{errors.username}</p> : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor="password">Contraseña</Label>
              <div className="relative">
                <Input
                  id="password"
                  name="password"
                  type={isPasswordVisible ? "text" : "password"}
                  autoComplete="current-password"
                  disabled={isSending}
                  aria-invalid={!!errors.password}
                  aria-describedby={errors.password ? "password-error" : undefined}
                  className="pr-10"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute right-0 top-0 h-full"
                  onClick={() => setIsPasswordVisible((v) => !v)}
                  aria-label={isPasswordVisible ? "Ocultar contraseña" : "Mostrar contraseña"}
                  disabled={isSending}
                >
                  {isPasswordVisible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                </Button>
              </div>
              {errors.password ? <p id="password-error" className="text-sm text-destructive">{errors.password}</p> : null}
            </div>
            <Button type="submit" className="w-full" disabled={isSending || !isHydrated}>
              {isSending ? "Iniciando sesión..." : "Iniciar Sesión"}
            </Button>
            {isChecking ? (
              <p role="status" className="text-center text-sm text-muted-foreground">
                Comprobando que eres tú…
              </p>
            ) : null}
            <p className="text-center text-sm">
              {/* A full load: the page is public and outside any shell. */}
              <a href="/recuperar-contrasena" className="inline-flex min-h-11 items-center underline underline-offset-4">
                ¿Has olvidado tu contraseña?
              </a>
            </p>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
