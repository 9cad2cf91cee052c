import { configQueries } from "@/components/booking/queries";
import { slotAlertQueries } from "@/components/notifications/queries";
import { RESERVATION_TABS, reservationQueries } from "@/components/reservations/queries";
import { ReservationsPage } from "@/components/reservations/reservations-page";
import { FirstView } from "@/lib/bff/server-prefetch";

// The freed-slot alerts come with the first view too: a list that appeared after it would push the tabs down. So does
// the school's configuration: a card inside the cancellation deadline says so from the first paint, and the browser
// does not read /config and draw the cards again right after hydration.
export default function Page() {
  return (
    <FirstView queries={[...RESERVATION_TABS.map((scope) => reservationQueries.list(scope)), slotAlertQueries.list(), configQueries.config()]}>
      <ReservationsPage />
    </FirstView>
  );
}
