import { adminQueries } from "@/components/admin/queries";
import { VehiclesAdmin } from "@/components/admin/vehicles-admin";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function AdministratorVehiclesPage() {
  return (
    <FirstView queries={[adminQueries.vehicles()]}>
      <VehiclesAdmin />
    </FirstView>
  );
}
