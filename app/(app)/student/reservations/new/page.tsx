import { BookingWizard } from "@/components/booking/booking-wizard";

export default function Page() {
  return <BookingWizard />;
}
