"use client";

import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format/dates";
import { practiceQueries } from "./queries";
import { useCalendarFeed } from "./use-calendar-feed";

// The iCal subscription (our wording, docs/decisions/practices.md): a private URL of the student's calendar that
// Google Calendar, Apple Calendar or Outlook poll; it can be replaced or switched off.
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden />
        Suscribirse al calendario
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Suscribirse al calendario</DialogTitle>
            <DialogDescription>
              Añade tus reservas, prácticas y sesiones a Google Calendar, Apple Calendar u Outlook con un enlace privado.
            </DialogDescription>
          </DialogHeader>
          {open ? <FeedPanel /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

const PASSWORD_NOTE = "Si cambias tu contraseña, este enlace dejará de funcionar y tendrás que suscribirte de nuevo.";

// The URL is shown once, as it is made (the server keeps only a hash of its token); later, the dialog tells that a
// link is live and offers a new one in its place (docs/decisions/practices.md, iCal subscription).
function FeedPanel() {
  const feed = useQuery(practiceQueries.feed());
  const { rotate, revoke } = useCalendarFeed();
  const [shownPath, setShownPath] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"rotate" | "revoke" | null>(null);
  const create = () => rotate.mutate(undefined, { onSuccess: (f) => setShownPath(f.path), onSettled: () => setConfirm(null) });
  if (feed.isPending) return <Skeleton className="h-24 w-full" />;
  if (feed.error && !feed.data) return <p className="text-sm text-destructive">{errorText(feed.error)}</p>;
  if (!feed.data.createdAt) {
    return (
      <DialogFooter>
        <Button onClick={create} disabled={rotate.isPending}>
          {rotate.isPending ? "Procesando..." : "Crear enlace de suscripción"}
        </Button>
      </DialogFooter>
    );
  }
  return (
    <div className="grid gap-4">
      {shownPath ? (
        <FeedLink path={shownPath} />
      ) : (
        <p className="text-sm">
          Tienes un enlace de suscripción activo desde el {formatDateTime(feed.data.createdAt)}. Por seguridad, el enlace
          solo se muestra al crearlo: si lo necesitas otra vez, crea uno nuevo (el anterior dejará de funcionar).
        </p>
      )}
      <p className="text-xs text-muted-foreground">{PASSWORD_NOTE}</p>
      <DialogFooter className="flex-wrap gap-2">
        <Button variant="ghost" onClick={() => setConfirm("revoke")}>
          Desactivar enlace
        </Button>
        <Button variant="outline" onClick={() => setConfirm("rotate")}>
          Crear nuevo enlace
        </Button>
        {shownPath ? (
          <Button asChild>
            <a href={`${window.location.origin}${shownPath}`.replace(/^https?:/, "webcal:")}>Abrir en la aplicación de calendario</a>
          </Button>
        ) : null}
      </DialogFooter>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm === "revoke" ? "Desactivar enlace" : "Crear nuevo enlace"}
        description={
          confirm === "revoke"
            ? "El enlace dejará de funcionar y tus calendarios suscritos dejarán de actualizarse."
            : "El enlace actual dejará de funcionar. Tendrás que suscribirte de nuevo con el enlace nuevo."
        }
        confirmText={confirm === "revoke" ? "Desactivar" : "Crear enlace"}
        variant={confirm === "revoke" ? "destructive" : "default"}
        isLoading={rotate.isPending || revoke.isPending}
        onConfirm={() =>
          confirm === "revoke"
            ? revoke.mutate(undefined, { onSuccess: () => setShownPath(null), onSettled: () => setConfirm(null) })
            : create()
        }
      />
    </div>
  );
}

function FeedLink({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Enlace copiado", description: "Pégalo en tu aplicación de calendario.", variant: "success" });
    } catch {
      document.getElementById("calendar-feed-url")?.focus();
    }
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor="calendar-feed-url">Enlace de suscripción</Label>
      <div className="flex gap-2">
        <Input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" variant="outline" size="icon" onClick={onCopy} aria-label="Copiar enlace">
          <Copy aria-hidden />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Cópialo ahora: por seguridad no se volverá a mostrar. Quien tenga este enlace podrá ver tu calendario: no lo
        compartas. En Google Calendar, añádelo en «Otros calendarios» → «Desde URL».
      </p>
    </div>
  );
}
