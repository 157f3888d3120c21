import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('shows a markdown policy as text, not HTML', async () => {
    const doc = repo.read().storeConfig.terms_of_service;
    doc.content_type = 'markdown';
    doc.content = '**Bold** <b>not html</b>';
    renderApp('/store/terms');
    expect(await screen.findByText('**Bold** <b>not html</b>')).toBeInTheDocument();
  });
});
