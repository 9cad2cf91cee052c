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
import { usePublicTenantInfo } from "./use-public-tenant-info";

function challengeOf(error: unknown): LoginChallenge | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const c = error.body.challenge as Partial<LoginChallenge> | undefined;
  return c && typeof c.token === "string" && typeof c.prefix === "string" && typeof c.bits === "number" ? (c as LoginChallenge) : null;
}

export function LoginForm({ tenant: serverTenant }: { tenant: TenantInfo | null }) {
  const { data: tenant, error: tenantError } = usePublicTenantInfo(serverTenant);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isChecking, setIsChecking] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
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
            // eslint-disable-next-line @next/next/no-img-element -- tenant logos are arbitrary URLs
            <img src={tenant.loginLogo} alt={tenant.name} className="mx-auto h-16 max-w-full object-contain" />
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
                value={username}
                disabled={isSending}
                aria-invalid={!!errors.username}
                aria-describedby={errors.username ? "username-error" : undefined}
                onChange={(e) => setUsername(e.target.value)}
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
                  value={password}
                  disabled={isSending}
                  aria-invalid={!!errors.password}
                  aria-describedby={errors.password ? "password-error" : undefined}
                  onChange={(e) => setPassword(e.target.value)}
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
            <Button type="submit" className="w-full" disabled={isSending}>
              {isSending ? "Iniciando sesión..." : "Iniciar Sesión"}
            </Button>
            {isChecking ? (
              <p role="status" className="text-center text-sm text-muted-foreground">
                Comprobando que eres tú…
              </p>
            ) : null}
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
