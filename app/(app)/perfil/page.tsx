import { ProfilePage } from "@/components/notifications/profile-page";
import { notificationQueries } from "@/components/notifications/queries";
import { officeQueries } from "@/components/office/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[notificationQueries.preferences(), officeQueries.ownContact()]}>
      <ProfilePage />
    </FirstView>
  );
}
