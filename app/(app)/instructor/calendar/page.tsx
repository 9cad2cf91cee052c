import { firstAgendaRange } from "@/components/calendar/agenda";
import { InstructorCalendarPage } from "@/components/instructor/instructor-calendar-page";
import { instructorQueries } from "@/components/instructor/queries";
import { getSchoolTimeZone } from "@/lib/bff/server-data";
import { FirstView } from "@/lib/bff/server-prefetch";

// As the student's calendar: the agenda's first two weeks come with the page, its first paint on a phone.
export default async function Page() {
  const range = firstAgendaRange(Date.now(), await getSchoolTimeZone());
  return (
    <FirstView queries={[instructorQueries.calendar(range.start, range.end)]}>
      <InstructorCalendarPage />
    </FirstView>
  );
}
