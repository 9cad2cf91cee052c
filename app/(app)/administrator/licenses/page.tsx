import { LicensesAdmin } from "@/components/admin/licenses-admin";
import { licensesFirstView } from "@/components/admin/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function AdministratorLicensesPage() {
  return (
    <FirstView queries={licensesFirstView()}>
      <LicensesAdmin />
    </FirstView>
  );
}
