import { SettingsForm } from "@/components/admin/settings-form";
import { PaymentSettingsSection } from "@/components/admin/payment-settings-section";
import { paymentSettingsQueries } from "@/components/admin/payment-settings-queries";
import { configQueries } from "@/components/booking/queries";
import { schoolQueries } from "@/components/desk/queries";
import { SchoolDetailsSection } from "@/components/desk/school-details-section";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function AdministratorSettingsPage() {
  return (
    <FirstView queries={[configQueries.config(), schoolQueries.details(), paymentSettingsQueries.settings()]}>
      <SettingsForm />
      <SchoolDetailsSection />
      <PaymentSettingsSection />
    </FirstView>
  );
}
