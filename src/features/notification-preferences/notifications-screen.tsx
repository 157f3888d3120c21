import { Page } from '@/components/ui/page';

// Placeholder until this screen's issue lands.
export function NotificationsScreen() {
  return (
    <Page title="Notification settings">
      <p>This screen is not built yet.</p>
    </Page>
  );
}
