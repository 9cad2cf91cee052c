"use client";

import { ChevronsUpDown, KeyRound, LogOut, UserRoundX } from "lucide-react";
import { useRouter } from "next/navigation";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { exitImpersonation, logout, useProfile } from "./use-session";
import { ThemeToggle } from "./theme-toggle";

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

export function ProfileMenu({ isImpersonating }: { isImpersonating: boolean }) {
  const router = useRouter();
  const { data: profile } = useProfile();
  const name = profile?.name ?? "";
  return (
    <div className="flex items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {/* The accessible name starts with the visible name and user name (WCAG 2.5.3), then says what it opens. */}
          <Avatar className="size-10" aria-hidden>
            {profile?.profileImage ? <AvatarImage src={profile.profileImage} alt="" /> : null}
            <AvatarFallback>{initials(name) || "?"}</AvatarFallback>
          </Avatar>
          <span className="min-w-0 flex-1">
            {/* Two lines before clamping: full names with two surnames rarely fit on one line of the sidebar. */}
            <span className="line-clamp-2 text-sm leading-snug font-semibold break-words" data-testid="profile-name">
              {name}
            </span>
            <span className="block truncate text-xs text-muted-foreground">{profile?.username ?? ""}</span>
            <span className="sr-only"> (Menú de usuario)</span>
          </span>
          <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-60">
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
      <ThemeToggle />
    </div>
  );
}
