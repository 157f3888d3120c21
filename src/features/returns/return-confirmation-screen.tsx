import { Page } from '@/components/ui/page';

// Placeholder until this screen's issue lands.
export function ReturnConfirmationScreen() {
  return (
    <Page title="Return request">
      <p>This screen is not built yet.</p>
    </Page>
  );
}
