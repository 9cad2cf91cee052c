import { PracticeHistoryPage } from "@/components/practices/practice-history-page";
import { historyWithoutSignatures, onPages } from "@/components/practices/practice-format";
import { practiceQueries } from "@/components/practices/queries";
import { FirstView, lightened } from "@/lib/bff/server-prefetch";

// The signature images are left out of the first view (only a practice's dialog shows them); the browser reads them.
export default function Page() {
  return (
    <FirstView queries={[lightened(practiceQueries.history(), onPages(historyWithoutSignatures))]}>
      <PracticeHistoryPage />
    </FirstView>
  );
}
