import { CourseList } from "@/components/biometric/course-list";

export default function Page() {
  return <CourseList />;
}
