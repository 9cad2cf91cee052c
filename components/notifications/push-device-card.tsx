"use client";

import { BellRing, BellOff } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { DEVICE_TEXTS } from "./push-device";
import { usePushDevice } from "./use-push-device";

// 'Activar notificaciones en este dispositivo': this browser's Web Push subscription, with a clear word for each
// state (not supported, to be installed first on an iPhone, not configured by the school, blocked, off, on).
export function PushDeviceCard() {
  const device = usePushDevice();
  const { state } = device;
  const isOn = state === "on";
  return (
    <Card className="gap-4" data-testid="push-device">
      <CardHeader>
        <h2 className="leading-none font-semibold">Notificaciones en este dispositivo</h2>
        <CardDescription>Cada móvil u ordenador se activa por separado.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex items-start gap-2 text-sm" role="status">
          {isOn ? <BellRing className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> : <BellOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />}
          <span>{DEVICE_TEXTS[state]}</span>
        </p>
        {device.error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{device.error}</AlertDescription>
          </Alert>
        ) : null}
        {state === "off" ? (
          <Button
            className="h-11 w-full sm:w-auto"
            disabled={device.isWorking}
            onClick={async () => {
              if (await device.enable()) toast({ title: "Notificaciones activadas en este dispositivo", variant: "success" });
            }}
          >
            {device.isWorking ? "Activando..." : "Activar notificaciones en este dispositivo"}
          </Button>
        ) : null}
        {isOn ? (
          <Button
            variant="outline"
            className="h-11 w-full sm:w-auto"
            disabled={device.isWorking}
            onClick={async () => {
              if (await device.disable()) toast({ title: "Notificaciones desactivadas en este dispositivo" });
            }}
          >
            {device.isWorking ? "Desactivando..." : "Desactivar"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
