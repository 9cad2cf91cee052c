import { instructorQueries } from "@/components/instructor/queries";
import { InstructorPracticesPage } from "@/components/practices/instructor-practices-page";
import { practiceQueries } from "@/components/practices/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[practiceQueries.pending(), practiceQueries.instructorList({}), instructorQueries.students()]}>
      <InstructorPracticesPage />
    </FirstView>
  );
}
