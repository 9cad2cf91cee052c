import { StudentCalendarPage } from "@/components/practices/student-calendar-page";

export default function Page() {
  return <StudentCalendarPage />;
}
