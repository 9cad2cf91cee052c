import type { Metadata } from "next";
import { SetPasswordForm } from "@/components/admin/set-password-form";
import { getTenantInfo } from "@/lib/bff/server-data";

// Public: reached from the one-time link the school hands over.
export const metadata: Metadata = { title: "Establecer contraseña", referrer: "no-referrer" };

export default async function SetPasswordPage() {
  return <SetPasswordForm tenant={await getTenantInfo()} />;
}
