import { slotAlertQueries } from "@/components/notifications/queries";
import { RESERVATION_TABS, reservationQueries } from "@/components/reservations/queries";
import { ReservationsPage } from "@/components/reservations/reservations-page";
import { FirstView } from "@/lib/bff/server-prefetch";

// The freed-slot alerts come with the first view too: a list that appeared after it would push the tabs down.
export default function Page() {
  return (
    <FirstView queries={[...RESERVATION_TABS.map((scope) => reservationQueries.list(scope)), slotAlertQueries.list()]}>
      <ReservationsPage />
    </FirstView>
  );
}
