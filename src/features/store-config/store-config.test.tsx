import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

const { repo } = setupTestServer();

describe('store info', () => {
  it('shows the brand, currency, groups and KYC documents from the store config', async () => {
    renderApp('/store');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Indian Rupee (INR, ₹)')).toBeInTheDocument();
    expect(screen.getByText('GST certificate')).toBeInTheDocument();
    expect(screen.getByText('Business')).toBeInTheDocument();
    // the default group's mark is a word of its own when read aloud, not "RetailDefault"
    const groups = within(screen.getByRole('region', { name: 'Customer groups' }));
    expect(groups.getAllByRole('listitem')[0]).toHaveTextContent(/^Retail Default/);
    // the title is set in an effect, which may run a moment after the screen has drawn
    await waitFor(() => expect(document.title).toBe('Store information · Indigo Threads'));
  });

  it('drops social links and logos that are not http(s)', async () => {
    const state = repo.read();
    state.storeConfig.brand.logo_url = 'javascript:alert(1)';
    state.storeConfig.brand.social_media_links = {
      instagram: 'javascript:alert(1)',
      facebook: 'https://facebook.com/x',
    };
    renderApp('/store');
    const brand = await screen.findByRole('region', { name: 'Brand' });
    expect(within(brand).queryByRole('img')).not.toBeInTheDocument();
    expect(within(brand).queryByRole('link', { name: /instagram/i })).not.toBeInTheDocument();
    expect(within(brand).getByRole('link', { name: /facebook/i })).toHaveAttribute(
      'href',
      'https://facebook.com/x',
    );
  });

  it('renders a hostile policy without scripts, handlers or javascript: links', async () => {
    repo.read().storeConfig.refund_policy.content =
      '<p>Hi<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><a href="javascript:alert(1)">click</a></p>';
    const { container } = renderApp('/store/refund-policy');
    await screen.findByText('click');
    // what must be absent has no role or text to query by: inspect the markup itself
    /* eslint-disable testing-library/no-container, testing-library/no-node-access */
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('click').closest('a')?.hasAttribute('href')).toBe(false);
    /* eslint-enable testing-library/no-container, testing-library/no-node-access */
  });

  it("says a policy's link opens in a new tab, as the social links do", async () => {
    repo.read().storeConfig.refund_policy.content =
      '<p>See <a href="https://help.example/returns">our help pages</a>.</p>';
    renderApp('/store/refund-policy');
    // jsdom's name computation drops the space that starts the notice; a browser keeps it
    expect(
      await screen.findByRole('link', { name: /^our help pages ?\(opens in a new tab\)$/ }),
    ).toHaveAttribute('target', '_blank');
  });

  it('titles a policy whose title is only spaces with its default title', async () => {
    const state = repo.read();
    state.storeConfig.terms_of_service.content_title = '   ';
    state.storeConfig.refund_policy.content_title = ' \n ';
    const { user } = renderApp('/store/terms');
    // the document has come, under the default heading
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Using our stores' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('Terms of Service');
    await waitFor(() => expect(document.title).toBe('Terms of Service · Indigo Threads'));

    await user.click(screen.getByRole('link', { name: 'Back to store information' }));
    const policies = await screen.findByRole('region', { name: 'Policies' });
    expect(within(policies).getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(within(policies).getByRole('link', { name: 'Refund policy' })).toBeInTheDocument();
  });

  it('shows a markdown policy as text, not HTML', async () => {
    const doc = repo.read().storeConfig.terms_of_service;
    doc.content_type = 'markdown';
    doc.content = '**Bold** <b>not html</b>';
    renderApp('/store/terms');
    expect(await screen.findByText('**Bold** <b>not html</b>')).toBeInTheDocument();
  });

  it('keeps a policy on screen through a sign-in meanwhile (here or in another tab)', async () => {
    renderApp('/store/refund-policy', { session: null });
    expect(await screen.findByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
    act(() =>
      sessionStore.signIn(
        DEMO_IDENTITIES.find((d) => d.id === 'asha')!,
        false,
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
