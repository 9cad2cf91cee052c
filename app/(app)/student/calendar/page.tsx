import { firstAgendaRange } from "@/components/calendar/agenda";
import { StudentCalendarPage } from "@/components/practices/student-calendar-page";
import { practiceQueries } from "@/components/practices/queries";
import { getSchoolTimeZone } from "@/lib/bff/server-data";
import { FirstView } from "@/lib/bff/server-prefetch";

// The agenda's first two weeks come with the page (issue 28 §8): on a phone they are its first paint (AgendaSlot),
// where their first event was the page's largest paint, drawn only after the page was live and its read had come back.
// The same key as useAgenda's: today on the school's clock. A wide screen gets them too and reads its month as before.
export default async function Page() {
  const range = firstAgendaRange(Date.now(), await getSchoolTimeZone());
  return (
    <FirstView queries={[practiceQueries.calendar(range.start, range.end)]}>
      <StudentCalendarPage />
    </FirstView>
  );
}
