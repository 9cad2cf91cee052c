import { PracticeHistoryPage } from "@/components/practices/practice-history-page";

export default function Page() {
  return <PracticeHistoryPage />;
}
