import { InstructorDashboardPage } from "@/components/instructor/dashboard-page";
import { instructorQueries } from "@/components/instructor/queries";
import { practiceQueries } from "@/components/practices/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

// The day comes with its 'Finalizar práctica' buttons (they read the lessons waiting to be finished).
export default function Page() {
  return (
    <FirstView queries={[instructorQueries.dashboard(), practiceQueries.pending()]}>
      <InstructorDashboardPage />
    </FirstView>
  );
}
