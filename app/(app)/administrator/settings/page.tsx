import { SettingsForm } from "@/components/admin/settings-form";

export default function AdministratorSettingsPage() {
  return <SettingsForm />;
}
