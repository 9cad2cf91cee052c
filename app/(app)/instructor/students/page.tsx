import { InstructorStudentsPage } from "@/components/instructor/students-page";
import { instructorQueries } from "@/components/instructor/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[instructorQueries.students()]}>
      <InstructorStudentsPage />
    </FirstView>
  );
}
