"use client";

import { useState } from "react";
import { KeyRound, Link2, MoreHorizontal, Pencil, Power, PowerOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/use-toast";
import { apiPost, errorText, type Answer } from "@/lib/api-client";
import type {
  adminUserSchema,
  setPasswordLinkSchema,
  AdminUser,
  SetPasswordLink,
} from "@/lib/contract/backoffice-users";
import { SetPasswordDialog } from "./set-password-dialog";
import { useAdminMutation } from "./use-admin-mutation";

type Props = { user: AdminUser; onEdit: () => void; onLink: (link: SetPasswordLink, name: string) => void };

// The row's menu: edit, hand over a set-password link, set a password, deactivate or reactivate.
export function UserActions({ user, onEdit, onLink }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [settingPassword, setSettingPassword] = useState(false);
  const toggle = useAdminMutation(
    () => apiPost<Answer<typeof adminUserSchema>>(`/administrator/users/${user.id}/${user.isActive ? "deactivate" : "reactivate"}`, {}),
    (u) => (u.isActive ? `${u.name} reactivado` : `${u.name} desactivado`),
  );
  const link = useAdminMutation(() => apiPost<Answer<typeof setPasswordLinkSchema>>(`/administrator/users/${user.id}/password-link`, {}));
  const onError = (title: string) => (error: unknown) => toast({ title, description: errorText(error), variant: "destructive" });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Acciones de ${user.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            Editar
          </DropdownMenuItem>
          {user.username && user.isActive ? (
            <>
              <DropdownMenuItem
                onSelect={() => link.mutate(undefined, { onSuccess: (l) => onLink(l, user.name), onError: onError("No se pudo generar el enlace") })}
              >
                <Link2 aria-hidden />
                Enlace para contraseña
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setSettingPassword(true)}>
                <KeyRound aria-hidden />
                Establecer contraseña
              </DropdownMenuItem>
            </>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setConfirming(true)} variant={user.isActive ? "destructive" : "default"}>
            {user.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {user.isActive ? "Desactivar" : "Reactivar"}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={user.isActive ? `¿Desactivar a ${user.name}?` : `¿Reactivar a ${user.name}?`}
        description={
          user.isActive
            ? "Su sesión se cerrará de inmediato y no podrá entrar. Se conservan sus reservas, movimientos de saldo y prácticas."
            : "Podrá volver a entrar con su contraseña."
        }
        confirmText={user.isActive ? "Desactivar" : "Reactivar"}
        variant={user.isActive ? "destructive" : "default"}
        isLoading={toggle.isPending}
        onConfirm={() => toggle.mutate(undefined, { onSettled: () => setConfirming(false), onError: onError("No se pudo cambiar el estado") })}
      />
      <SetPasswordDialog user={user} open={settingPassword} onOpenChange={setSettingPassword} />
    </>
  );
}
