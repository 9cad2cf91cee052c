"use client";

import { useEffect, useState } from "react";
import { TenantFailure } from "@/components/auth/tenant-failure";
import { usePublicTenantInfo } from "@/components/auth/use-public-tenant-info";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, errorText } from "@/lib/api-client";
import type { TenantInfo } from "@/lib/contract/tenant";
import { confirmText, unsubscribeLabel, unsubscribedText } from "./unsubscribe";

type State =
  | { kind: "reading" }
  | { kind: "confirm"; label: string }
  | { kind: "sending"; label: string }
  | { kind: "done"; label: string }
  | { kind: "failed"; message: string };

// Plain fetch, not the app's client: that one takes a 401 for an ended session and goes to the login, while here a 401
// only says the link is not valid (nobody need be signed in on this page).
async function call(method: "GET" | "POST", path: string): Promise<unknown> {
  const res = await fetch(path, { method, headers: { Accept: "application/json" }, credentials: "omit" });
  const body: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body && typeof body === "object" ? (body as Record<string, unknown>) : {});
  return body;
}

const INVALID_LINK = "El enlace para darte de baja no es válido o ha caducado. Puedes elegir qué correos recibes en «Mi perfil».";

// /baja?token= (public): the link at the foot of every e-mail. The token says whose and which category. The page reads
// what it would turn off (GET) and asks; the POST (the same call a mail client's one-click button makes, RFC 8058)
// turns that category's e-mail off. Link scanners open URLs and some run their scripts: nothing is turned off
// without the person's tap. Turning it off twice is harmless.
export function UnsubscribePage({ tenant: serverTenant, token }: { tenant: TenantInfo | null; token: string }) {
  const { data: tenant, error: tenantError } = usePublicTenantInfo(serverTenant);
  const [state, setState] = useState<State>(token ? { kind: "reading" } : { kind: "failed", message: INVALID_LINK });
  const path = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    call("GET", path).then(
      (answer) => isCurrent && setState({ kind: "confirm", label: unsubscribeLabel(answer) ?? "" }),
      (error: unknown) => isCurrent && setState({ kind: "failed", message: errorText(error, INVALID_LINK) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [token, path]);

  async function onConfirm(label: string) {
    setState({ kind: "sending", label });
    try {
      const answer = await call("POST", path);
      setState({ kind: "done", label: unsubscribeLabel(answer) ?? label });
    } catch (error) {
      setState({ kind: "failed", message: errorText(error, INVALID_LINK) });
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <p className="text-sm text-muted-foreground">{tenant?.name ?? ""}</p>
          {tenant ? null : <TenantFailure error={tenantError} />}
          <h1 className="text-xl leading-none font-semibold">Darse de baja de los correos</h1>
        </CardHeader>
        <CardContent className="grid gap-4 text-center">
          {state.kind === "reading" ? (
            <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner aria-hidden /> Comprobando el enlace…
            </p>
          ) : state.kind === "confirm" || state.kind === "sending" ? (
            <>
              <p>{confirmText(state.label)}</p>
              <Button className="h-11" disabled={state.kind === "sending"} onClick={() => void onConfirm(state.label)}>
                {state.kind === "sending" ? "Procesando..." : "Dejar de recibirlos"}
              </Button>
            </>
          ) : state.kind === "done" ? (
            <Alert role="status">
              <AlertDescription className="justify-items-center text-center">
                <p className="font-medium text-foreground">{unsubscribedText(state.label)}</p>
                <p>Seguirás viendo estos avisos en la aplicación. Puedes volver a activarlos en «Mi perfil».</p>
              </AlertDescription>
            </Alert>
          ) : (
            <Alert variant="destructive" role="alert">
              <AlertDescription className="justify-items-center text-center">{state.message}</AlertDescription>
            </Alert>
          )}
          <Button asChild variant="outline" className="h-11">
            {/* A full load: the signed-in app is a page of its own, outside this one. */}
            <a href="/perfil">Ir a «Mi perfil»</a>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
