import { reservationQueries } from "@/components/reservations/queries";
import { ReservationsPage } from "@/components/reservations/reservations-page";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[reservationQueries.list()]}>
      <ReservationsPage />
    </FirstView>
  );
}
