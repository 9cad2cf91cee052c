import { InstructorPracticesPage } from "@/components/practices/instructor-practices-page";

export default function Page() {
  return <InstructorPracticesPage />;
}
