import { ExamResultsPage } from "@/components/exams/exam-results-page";

export default function Page() {
  return <ExamResultsPage />;
}
