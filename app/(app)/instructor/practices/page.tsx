import { instructorQueries } from "@/components/instructor/queries";
import { InstructorPracticesPage } from "@/components/practices/instructor-practices-page";
import { listWithoutSignatures, onPages } from "@/components/practices/practice-format";
import { practiceQueries } from "@/components/practices/queries";
import { FirstView, lightened } from "@/lib/bff/server-prefetch";

// The signature images are left out of the first view (only a practice's dialog shows them); the browser reads them.
export default function Page() {
  return (
    <FirstView queries={[practiceQueries.pending(), lightened(practiceQueries.instructorList({}), onPages(listWithoutSignatures)), instructorQueries.students()]}>
      <InstructorPracticesPage />
    </FirstView>
  );
}
