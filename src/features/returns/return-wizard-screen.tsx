import { Page } from '@/components/ui/page';

// Placeholder until this screen's issue lands.
export function ReturnWizardScreen() {
  return (
    <Page title="Return an item">
      <p>This screen is not built yet.</p>
    </Page>
  );
}
