import { NewCourseForm } from "@/components/biometric/new-course-form";

export default function Page() {
  return <NewCourseForm />;
}
