"use client";

import { KeyRound, Link2, Pencil, Power, PowerOff } from "lucide-react";
import { MoreActionsButton } from "@/components/ui/more-actions-button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { AdminUser } from "@/lib/contract/backoffice-users";
import { isAdministrator } from "@/lib/session/roles";

type Props = { user: AdminUser; onEdit: () => void; onLink: () => void; onSetPassword: () => void; onToggle: () => void };

// The row's menu: edit, hand over a set-password link, set a password (not an administrator's), deactivate or reactivate. Loaded by UserActions
// on the first click (or ArrowDown) on its trigger, and opened at once.
export function UserActionsMenu({ user, onEdit, onLink, onSetPassword, onToggle }: Props) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <MoreActionsButton label={`Acciones de ${user.name}`} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden />
          Editar
        </DropdownMenuItem>
        {/* An administrator's password is their own (the API refuses it): no link, no password for them here. */}
        {user.username && user.isActive && !isAdministrator(user.roles) ? (
          <>
            <DropdownMenuItem onSelect={onLink}>
              <Link2 aria-hidden />
              Enlace para contraseña
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onSetPassword}>
              <KeyRound aria-hidden />
              Establecer contraseña
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onToggle} variant={user.isActive ? "destructive" : "default"}>
          {user.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {user.isActive ? "Desactivar" : "Reactivar"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
