import { CourseDetail } from "@/components/biometric/course-detail";

export default async function Page({ params }: { params: Promise<{ capCourseId: string }> }) {
  const { capCourseId } = await params;
  return <CourseDetail courseId={capCourseId} />;
}
