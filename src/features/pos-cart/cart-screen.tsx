import { Page } from '@/components/ui/page';

// Placeholder until this screen's issue lands.
export function CartScreen() {
  return (
    <Page title="Cart">
      <p>This screen is not built yet.</p>
    </Page>
  );
}
