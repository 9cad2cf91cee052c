import { RESERVATION_TABS, reservationQueries } from "@/components/reservations/queries";
import { ReservationsPage } from "@/components/reservations/reservations-page";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={RESERVATION_TABS.map((scope) => reservationQueries.list(scope))}>
      <ReservationsPage />
    </FirstView>
  );
}
