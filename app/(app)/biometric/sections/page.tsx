import { SectionList } from "@/components/biometric/section-list";

export default function Page() {
  return <SectionList />;
}
