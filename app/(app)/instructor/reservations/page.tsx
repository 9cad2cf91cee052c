import { InstructorReservationsPage } from "@/components/instructor/instructor-reservations-page";
import { instructorQueries, RESERVATION_TAB_SCOPES } from "@/components/instructor/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

// Every tab's list is read on the server: the open tab's cards and every tab's count come with the first paint.
export default function Page() {
  return (
    <FirstView queries={RESERVATION_TAB_SCOPES.map((scope) => instructorQueries.reservations(scope))}>
      <InstructorReservationsPage />
    </FirstView>
  );
}
