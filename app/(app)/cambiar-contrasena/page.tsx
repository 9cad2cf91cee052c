import { ChangePasswordForm } from "@/components/shell/change-password-form";

export default function ChangePasswordPage() {
  return <ChangePasswordForm />;
}
