"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MenuOnDemand } from "@/components/ui/menu-on-demand";
import { MoreActionsButton } from "@/components/ui/more-actions-button";
import { loadOnce } from "@/components/ui/on-demand";
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

// Radix's dropdown comes with the first click on a row's menu, not with the page (issue 13).
const menu = loadOnce(() => import("./user-actions-menu"));

type Props = { user: AdminUser; onEdit: () => void; onLink: (link: SetPasswordLink, name: string) => void };

// The row's actions: the menu (user-actions-menu.tsx), the deactivate/reactivate confirmation and the password dialog.
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
      <MenuOnDemand
        module={menu}
        trigger={(props) => (
          <MoreActionsButton {...props} label={`Acciones de ${user.name}`} />
        )}
        menu={({ UserActionsMenu }) => (
          <UserActionsMenu
            user={user}
            onEdit={onEdit}
            onLink={() => link.mutate(undefined, { onSuccess: (l) => onLink(l, user.name), onError: onError("No se pudo generar el enlace") })}
            onSetPassword={() => setSettingPassword(true)}
            onToggle={() => setConfirming(true)}
          />
        )}
      />
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
