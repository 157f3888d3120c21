import { Page } from '@/components/ui/page';

// Placeholder until this screen's issue lands.
export function OpenCartScreen() {
  return (
    <Page title="POS terminal">
      <p>This screen is not built yet.</p>
    </Page>
  );
}
