import { VehiclesAdmin } from "@/components/admin/vehicles-admin";

export default function AdministratorVehiclesPage() {
  return <VehiclesAdmin />;
}
