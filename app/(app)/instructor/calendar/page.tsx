import { InstructorCalendarPage } from "@/components/instructor/instructor-calendar-page";

export default function Page() {
  return <InstructorCalendarPage />;
}
