"use client";

import { useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import type { SetPasswordLink } from "@/lib/contract/backoffice-users";
import { formatDateTime } from "@/lib/format/dates";

// The one-time link, shown once: the office copies it and hands it over (no e-mail server is needed).
export function PasswordLinkDialog({ link, name, onClose }: { link: SetPasswordLink | null; name: string; onClose: () => void }) {
  const [url] = useState(() => (typeof window === "undefined" ? "" : window.location.origin));
  const full = link ? `${url}${link.path}` : "";
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(full);
      toast({ title: "Enlace copiado", variant: "success" });
    } catch {
      toast({ title: "No se pudo copiar: selecciona el enlace y cópialo", variant: "warning" });
    }
  }
  return (
    <Dialog open={link !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Enlace para establecer la contraseña</DialogTitle>
          <DialogDescription>
            Entrega este enlace a {name}. Sirve una sola vez y caduca el {link ? formatDateTime(link.expiresAt) : ""}. No se
            volverá a mostrar: si se pierde, genera uno nuevo.
          </DialogDescription>
        </DialogHeader>
        <Input readOnly value={full} aria-label="Enlace para establecer la contraseña" onFocus={(e) => e.currentTarget.select()} />
        <DialogFooter>
          <Button variant="outline" onClick={onCopy}>
            <Copy aria-hidden />
            Copiar enlace
          </Button>
          <Button onClick={onClose}>Hecho</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
