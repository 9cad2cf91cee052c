import { SettingsForm } from "@/components/admin/settings-form";
import { configQueries } from "@/components/booking/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function AdministratorSettingsPage() {
  return (
    <FirstView queries={[configQueries.config()]}>
      <SettingsForm />
    </FirstView>
  );
}
