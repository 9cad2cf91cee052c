"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronRight, KeyRound } from "lucide-react";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { useProfile } from "@/components/shell/use-session";
import { Card } from "@/components/ui/card";
import { ErrorState, ListSkeleton } from "@/components/ui/states";
import { errorText } from "@/lib/api-client";
import { PhoneCard } from "@/components/office/phone-card";
import { EmailCard } from "./email-card";
import { PreferencesCard } from "./preferences-card";
import { PushDeviceCard } from "./push-device-card";
import { notificationQueries } from "./queries";

// /perfil 'Mi perfil' (every role): the e-mail address, what reaches the person and how, this device's pushes, and
// the way to change the password.
export function ProfilePage() {
  const preferences = useQuery(notificationQueries.preferences());
  const { data: profile } = useProfile();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Mi perfil" subtitle={profile ? [profile.name, profile.username].filter(Boolean).join(" · ") : undefined} />
      {preferences.isPending ? (
        <ListSkeleton rows={3} className="h-40" />
      ) : preferences.error && !preferences.data ? (
        <ErrorState message={errorText(preferences.error)} />
      ) : (
        <div className="space-y-6">
          <EmailCard email={preferences.data.email} />
          <PhoneCard />
          <PreferencesCard preferences={preferences.data} />
          <PushDeviceCard />
          <Card className="py-0">
            <Link
              href="/cambiar-contrasena"
              prefetch={false}
              className="flex min-h-14 items-center gap-3 rounded-xl px-6 py-3 font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <KeyRound className="size-4 text-muted-foreground" aria-hidden />
              <span className="flex-1">Cambiar contraseña</span>
              <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
            </Link>
          </Card>
        </div>
      )}
    </div>
  );
}
