import { InstructorReservationsPage } from "@/components/instructor/instructor-reservations-page";

export default function Page() {
  return <InstructorReservationsPage />;
}
