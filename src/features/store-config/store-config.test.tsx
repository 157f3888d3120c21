import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
      // typed without a scheme: the network's page, not a page of this app
      twitter: 'www.twitter.com/indigo',
      youtube: '/videos',
    };
    renderApp('/store');
    const brand = await screen.findByRole('region', { name: 'Brand' });
    expect(within(brand).queryByRole('img')).not.toBeInTheDocument();
    expect(within(brand).queryByRole('link', { name: /instagram/i })).not.toBeInTheDocument();
    expect(within(brand).getByRole('link', { name: /facebook/i })).toHaveAttribute(
      'href',
      'https://facebook.com/x',
    );
    expect(within(brand).getByRole('link', { name: /twitter/i })).toHaveAttribute(
      'href',
      'https://www.twitter.com/indigo',
    );
    expect(within(brand).queryByRole('link', { name: /youtube/i })).not.toBeInTheDocument();
  });

  it('shows a policy whose link has a broken address, its words kept', async () => {
    repo.read().storeConfig.refund_policy.content =
      '<p>See <a href="https://www.example .com/x">our help pages</a> for more.</p>';
    renderApp('/store/refund-policy');
    expect(await screen.findByText('our help pages')).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, el) => el?.localName === 'p' && el.textContent === 'See our help pages for more.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /our help pages/ })).not.toBeInTheDocument();
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

// what jsdom cannot measure (layout, bidi) is checked as the markup and classes that give it
/* eslint-disable testing-library/no-container, testing-library/no-node-access */
describe('store text of any length, direction and shape', () => {
  it('wraps a brand name of one long word instead of widening the page (reflow at 320px)', async () => {
    const long = 'Indigo'.repeat(23);
    repo.read().storeConfig.brand.name = long;
    renderApp('/store');
    const brand = await screen.findByRole('region', { name: 'Brand' });
    const name = within(brand).getByText(long);
    expect(name).toHaveClass('wrap-anywhere');
    // an RTL name is laid out right to left, in the header and here
    expect(name).toHaveAttribute('dir', 'auto');
    expect(within(screen.getByRole('banner')).getByText(long)).toHaveAttribute('dir', 'auto');
  });

  it('shows no logo, not a broken image, when the logo does not load', async () => {
    const { container } = renderApp('/store');
    const brand = await screen.findByRole('region', { name: 'Brand' });
    const logo = within(brand).getByRole('img', { name: 'Indigo Threads logo' });
    const header = within(screen.getByRole('banner')).getByRole('link', { name: 'Indigo Threads' });
    const headerLogo = header.querySelector('img')!;
    expect(headerLogo).not.toBeNull();
    fireEvent.error(logo);
    fireEvent.error(headerLogo);
    expect(within(brand).queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    // the header keeps the logo's square (no layout shift), as with no logo at all
    expect(header.querySelector('span[aria-hidden="true"]')).not.toBeNull();
  });

  it('says an empty policy is not published, on its screen and on the store page', async () => {
    const state = repo.read();
    state.storeConfig.terms_of_service.content = '';
    state.storeConfig.refund_policy.content = ' \n ';
    const { user } = renderApp('/store/terms');
    expect(
      await screen.findByText('This store has not published its terms of service.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to store information' }));
    const policies = await screen.findByRole('region', { name: 'Policies' });
    expect(within(policies).queryByRole('link')).not.toBeInTheDocument();
    expect(policies).toHaveTextContent('Terms of Service: not published');
    expect(policies).toHaveTextContent('Returns and Refunds: not published');
  });

  it('says so when the refund policy is empty', async () => {
    repo.read().storeConfig.refund_policy.content = '   ';
    renderApp('/store/refund-policy');
    expect(
      await screen.findByText('This store has not published its refund policy.'),
    ).toBeInTheDocument();
  });

  it('says there are no groups or documents when none is active, not an empty list', async () => {
    const state = repo.read();
    state.storeConfig.customer_groups.forEach((g) => (g.active = false));
    state.storeConfig.kyc_documents = [];
    renderApp('/store');
    const groups = await screen.findByRole('region', { name: 'Customer groups' });
    expect(groups).toHaveTextContent('This store has no customer groups.');
    expect(within(groups).queryByRole('list')).not.toBeInTheDocument();
    const kyc = screen.getByRole('region', { name: 'Identity documents (KYC)' });
    expect(kyc).toHaveTextContent('This store asks for no identity documents.');
    expect(within(kyc).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lays out group and document names and descriptions in their own direction', async () => {
    renderApp('/store');
    const groups = await screen.findByRole('region', { name: 'Customer groups' });
    expect(within(groups).getByText('Retail')).toHaveAttribute('dir', 'auto');
    expect(within(groups).getByText('Walk-in and online shoppers')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('GST certificate')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('For purchases above ₹2,00,000')).toHaveAttribute('dir', 'auto');
  });

  it.each(['text/html', ' HTML ', 'text/html; charset=utf-8'])(
    'takes content type %j as HTML, wrapped and in its own direction',
    async (type) => {
      const doc = repo.read().storeConfig.terms_of_service;
      doc.content_type = type;
      doc.content =
        '<p>See <a href="https://help.example/returns">https://help.example/a/very/long/path</a></p><table><tr><td>1</td></tr></table>';
      const { container } = renderApp('/store/terms');
      const link = await screen.findByRole('link', { name: /^https:\/\/help\.example/ });
      expect(container.textContent).not.toContain('<p>');
      const policy = link.closest('.prose-doc')!;
      expect(policy).toHaveAttribute('dir', 'auto');
      // a wide table scrolls in its own box, not the page
      expect(policy.querySelector('table')?.parentElement).toHaveClass('prose-table');
    },
  );

  it('wraps a text policy and lays it out in its own direction', async () => {
    const doc = repo.read().storeConfig.terms_of_service;
    doc.content_type = 'text';
    doc.content = 'See https://help.example/a/very/long/path/that/does/not/fit';
    renderApp('/store/terms');
    const text = await screen.findByText(doc.content);
    expect(text).toHaveClass('wrap-anywhere');
    expect(text).toHaveAttribute('dir', 'auto');
  });

  it('names social links as the networks spell them, the new-tab notice as written', async () => {
    repo.read().storeConfig.brand.social_media_links = {
      linkedin_company: 'https://linkedin.com/company/x',
      youtube: 'https://youtube.com/x',
      whatsapp: 'https://wa.me/1',
      'my-blog': 'https://blog.example',
    };
    renderApp('/store');
    const brand = await screen.findByRole('region', { name: 'Brand' });
    const names = within(brand)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual([
      'LinkedIn company (opens in a new tab)',
      'YouTube (opens in a new tab)',
      'WhatsApp (opens in a new tab)',
      'My blog (opens in a new tab)',
    ]);
    for (const link of within(brand).getAllByRole('link'))
      expect(link).not.toHaveClass('capitalize');
  });

  it('names common unit codes and their aliases', async () => {
    repo.read().storeConfig.measurement = { weight: 'LBS', dimension: 'ft' };
    renderApp('/store');
    expect(await screen.findByText('pounds')).toBeInTheDocument();
    expect(screen.getByText('feet')).toBeInTheDocument();
  });
});
/* eslint-enable testing-library/no-container, testing-library/no-node-access */
