import { NotificationsPage } from "@/components/notifications/notifications-page";
import { notificationQueries } from "@/components/notifications/queries";
import { FirstView } from "@/lib/bff/server-prefetch";

export default function Page() {
  return (
    <FirstView queries={[notificationQueries.list()]}>
      <NotificationsPage />
    </FirstView>
  );
}
