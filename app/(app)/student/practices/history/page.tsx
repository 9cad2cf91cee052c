import { PracticeHistoryPage } from "@/components/practices/practice-history-page";
import { practiceQueries } from "@/components/practices/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[practiceQueries.history()]}>
      <PracticeHistoryPage />
    </FirstView>
  );
}
