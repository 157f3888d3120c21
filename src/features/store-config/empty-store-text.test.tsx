/** Store text that shows nothing: an emptied rich-text policy, a name of a zero-width space. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

const { repo } = setupTestServer();

describe('an HTML policy with nothing in it', { timeout: 20_000 }, () => {
  it('an emptied rich-text policy ("<p><br></p>", what editors save when cleared) is said to be not published', async () => {
    const state = repo.read();
    state.storeConfig.terms_of_service.content = '<p><br></p>';
    state.storeConfig.refund_policy.content = '<p>&nbsp;</p>';
    const { user } = renderApp('/store/terms');
    // docs/store-info.md: an empty policy is not published; its screen says so
    expect(
      await screen.findByText('This store has not published its terms of service.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to store information' }));
    const policies = await screen.findByRole('region', { name: 'Policies' });
    expect(within(policies).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('store text with nothing visible in it', { timeout: 20_000 }, () => {
  it('a brand name and a policy title of a zero-width space get the fallback names, as ones of spaces do', async () => {
    const state = repo.read();
    // a copy from a document brings it along (the wizard treats it as empty: src/lib/text.ts)
    state.storeConfig.brand.name = '\u200B';
    state.storeConfig.refund_policy.content_title = '\u200B';
    renderApp('/store/refund-policy');
    // the document has come (the fallback title also shows while it loads)
    await screen.findByRole('heading', { level: 2, name: '30-day returns' });
    // docs/focus-and-announcements.md: "so no heading or link is left without a name"
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('Refund policy');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Storefront' })).toBeInTheDocument();
  });
});
