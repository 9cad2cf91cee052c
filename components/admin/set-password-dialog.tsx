"use client";

import { useEffect, useState } from "react";
import { FormDialogFooter } from "@/components/biometric/form-dialog-footer";
import { FormField, invalidProps } from "@/components/biometric/form-field";
import { formContracts } from "@/components/shell/lazy-contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { apiPost } from "@/lib/api-client";
import type { AdminUser } from "@/lib/contract/backoffice-users";
import { useAdminMutation } from "./use-admin-mutation";

// The office sets a password directly (for example at the desk, with the student present).
export function SetPasswordDialog({ user, open, onOpenChange }: { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const save = useAdminMutation((body: { password: string }) => apiPost(`/administrator/users/${user.id}/password`, body), () => "Contraseña establecida");
  useEffect(() => {
    if (open) formContracts.backofficeUsers.preload();
  }, [open]);
  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const contract = await formContracts.backofficeUsers.load();
    if (!contract) return;
    const parsed = contract.passwordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate({ password }, { onSuccess: () => { setPassword(""); onOpenChange(false); } });
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Establecer contraseña</DialogTitle>
          <DialogDescription>Nueva contraseña para {user.name}. Los enlaces pendientes dejarán de funcionar.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="office-password" label="Nueva contraseña" error={error}>
            <Input id="office-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} {...invalidProps("office-password", error)} />
          </FormField>
          <FormDialogFooter error={save.error} isPending={save.isPending} submitText="Guardar" pendingText="Guardando..." onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
