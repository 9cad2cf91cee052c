import { UpcomingExamsPage } from "@/components/exams/upcoming-exams-page";

export default function Page() {
  return <UpcomingExamsPage />;
}
