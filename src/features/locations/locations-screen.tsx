import { Page } from '@/components/ui/page';

// Placeholder until this screen's issue lands.
export function LocationsScreen() {
  return (
    <Page title="Store locations">
      <p>This screen is not built yet.</p>
    </Page>
  );
}
