import { LoginForm } from "@/components/auth/login-form";
import { getTenantInfo } from "@/lib/bff/server-data";

export default async function LoginPage() {
  return <LoginForm tenant={await getTenantInfo()} />;
}
