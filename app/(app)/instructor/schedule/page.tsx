import { instructorQueries } from "@/components/instructor/queries";
import { SchedulePage } from "@/components/instructor/schedule-page";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[instructorQueries.availability()]}>
      <SchedulePage />
    </FirstView>
  );
}
