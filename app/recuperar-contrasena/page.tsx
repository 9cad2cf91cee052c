import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { getTenantInfo } from "@/lib/bff/server-data";

// Public: '¿Has olvidado tu contraseña?' from the login page.
export const metadata: Metadata = { title: "Recuperar contraseña", referrer: "no-referrer" };

export default async function ForgotPasswordPage() {
  return <ForgotPasswordForm tenant={await getTenantInfo()} />;
}
