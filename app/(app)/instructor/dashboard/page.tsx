import { InstructorDashboardPage } from "@/components/instructor/dashboard-page";
import { instructorQueries } from "@/components/instructor/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[instructorQueries.dashboard()]}>
      <InstructorDashboardPage />
    </FirstView>
  );
}
