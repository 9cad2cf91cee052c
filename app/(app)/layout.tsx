import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { navIcons } from "@/components/shell/nav-icons";
import { Providers } from "@/components/shell/providers";
import { getSessionUser, getTenantInfo } from "@/lib/bff/server-data";
import { primaryArea } from "@/lib/session/roles";

// The signed-in shell and its data layer (the public pages, login and set-password, load neither: issue 13).
// proxy.ts already guards and routes; this is the second line for direct renders.
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const [session, tenant] = await Promise.all([getSessionUser(), getTenantInfo()]);
  if (!session) redirect("/login");
  return (
    <Providers>
      <AppShell session={session} tenant={tenant} navIcons={navIcons(primaryArea(session.user?.roles ?? []))}>
        {children}
      </AppShell>
    </Providers>
  );
}
