import { SessionDetail } from "@/components/biometric/session-detail";

export default async function Page({ params }: { params: Promise<{ capCourseId: string; capSessionId: string }> }) {
  const { capCourseId, capSessionId } = await params;
  return <SessionDetail courseId={capCourseId} sessionId={capSessionId} />;
}
