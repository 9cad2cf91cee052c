import { InstructorReservationsPage } from "@/components/instructor/instructor-reservations-page";
import { instructorQueries } from "@/components/instructor/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

// The three lists are read on the server: the open tab's cards and every tab's count come with the first paint.
export default function Page() {
  return (
    <FirstView queries={[instructorQueries.reservations("pending"), instructorQueries.reservations("upcoming"), instructorQueries.reservations("past")]}>
      <InstructorReservationsPage />
    </FirstView>
  );
}
