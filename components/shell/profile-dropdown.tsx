"use client";

import { Bell, KeyRound, LogOut, UserRound, UserRoundX } from "lucide-react";
import { useRouter } from "next/navigation";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { SessionUser } from "@/lib/contract/auth";
import { ProfileSummary, TRIGGER_CLASS } from "./profile-summary";
import { exitImpersonation, logout } from "./use-session";

type Props = { user: SessionUser | null; isImpersonating: boolean };

// Loaded by ProfileMenu on the first click (or ArrowDown) on its trigger, and opened at once: that gesture was for it.
export function ProfileDropdown({ user, isImpersonating }: Props) {
  const router = useRouter();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger className={TRIGGER_CLASS}>
        <ProfileSummary user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuItem onSelect={() => router.push("/perfil")}>
          <UserRound className="size-4" aria-hidden /> Mi perfil
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => router.push("/notificaciones")}>
          <Bell className="size-4" aria-hidden /> Notificaciones
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => router.push("/cambiar-contrasena")}>
          <KeyRound className="size-4" aria-hidden /> Cambiar contraseña
        </DropdownMenuItem>
        {isImpersonating ? (
          <DropdownMenuItem onSelect={() => void exitImpersonation()}>
            <UserRoundX className="size-4" aria-hidden /> Salir de suplantación
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout()}>
          <LogOut className="size-4" aria-hidden /> Cerrar sesión
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
