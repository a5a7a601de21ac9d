import { Page } from '../../../components/ui/page.tsx';
import { AllNotifications } from '../../../features/notifications/components/all-notifications.tsx';
import { nlNotifications } from '../../../messages/community.ts';

export default function NotificationsPage() {
  return (
    <Page title={nlNotifications.title} narrow>
      <AllNotifications />
    </Page>
  );
}
