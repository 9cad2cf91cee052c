import { StaffExamsPage } from "@/components/exams/staff-exams-page";

export default function Page() {
  return <StaffExamsPage area="administrator" />;
}
