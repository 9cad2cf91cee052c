import { ReservationsPage } from "@/components/reservations/reservations-page";

export default function Page() {
  return <ReservationsPage />;
}
