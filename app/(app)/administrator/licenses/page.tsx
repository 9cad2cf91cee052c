import { LicensesAdmin } from "@/components/admin/licenses-admin";

export default function AdministratorLicensesPage() {
  return <LicensesAdmin />;
}
