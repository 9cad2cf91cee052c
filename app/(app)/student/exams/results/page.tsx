import { ExamResultsPage } from "@/components/exams/exam-results-page";
import { examQueries } from "@/components/exams/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[examQueries.results()]}>
      <ExamResultsPage />
    </FirstView>
  );
}
