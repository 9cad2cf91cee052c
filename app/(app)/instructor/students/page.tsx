import { InstructorStudentsPage } from "@/components/instructor/students-page";

export default function Page() {
  return <InstructorStudentsPage />;
}
