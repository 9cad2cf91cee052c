import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { getSessionUser, getTenantInfo } from "@/lib/bff/server-data";

// The signed-in shell. proxy.ts already guards and routes; this is the second line for direct renders.
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const [session, tenant] = await Promise.all([getSessionUser(), getTenantInfo()]);
  if (!session) redirect("/login");
  return (
    <AppShell session={session} tenant={tenant}>
      {children}
    </AppShell>
  );
}
