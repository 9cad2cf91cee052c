import { InstructorDashboardPage } from "@/components/instructor/dashboard-page";

export default function Page() {
  return <InstructorDashboardPage />;
}
