import { SchedulePage } from "@/components/instructor/schedule-page";

export default function Page() {
  return <SchedulePage />;
}
