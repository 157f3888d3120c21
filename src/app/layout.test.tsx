import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY } from '@/lib/storage';
import { terminalLocationStore } from '@/lib/terminal-location';
import { renderApp } from '@/testing/render-app';
import { sentRequests, setupTestServer } from '@/testing/test-server';

const { server, repo } = setupTestServer();

const STORE_CONFIG_URL = '*/api/v1/demo-store/storefront/store/config';
const LOCATIONS_URL = '*/api/v1/demo-store/storefront/pos/locations';
const serverError = () =>
  HttpResponse.json(
    { success: false, message: 'Something went wrong on our side.', code: 'internal_error' },
    { status: 500 },
  );

/** The names of the main navigation's links marked as the current page. */
const currentNavLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .queryAllByRole('link', { current: 'page' })
    .map((link) => link.textContent);

const homeLink = () => within(screen.getByRole('banner')).getAllByRole('link')[0]!;

describe('main navigation', () => {
  it.each([
    ['/pos', 'POS terminal', ['POS']],
    ['/pos/carts/cart_1001', /Cart/, ['POS']],
    ['/pos/locations', 'Store locations', ['Locations']],
    ['/store', 'About Indigo Threads', ['Store']],
    ['/store/terms', 'Terms of Service', ['Store']],
    ['/store/refund-policy', 'Returns and Refunds', ['Store']],
    ['/STORE/Terms/', 'Terms of Service', ['Store']],
    ['/store/%74erms', 'Terms of Service', ['Store']],
    ['/pos/%63arts/cart_1001', /Cart/, ['POS']],
    ['/settings', 'Connection and sign-in', ['Settings']],
    ['/account/returns/RET-000009', 'Return request RET-000009', ['Returns']],
    ['/store/xyz', 'Page not found', []],
    ['/pos/locations/xyz', 'Page not found', []],
    ['/pos/carts/cart_1001/xyz', 'Page not found', []],
    ['/settings/xyz', 'Page not found', []],
    ['/account/notifications/xyz', 'Page not found', []],
    ['/account/returns/new/xyz', 'Page not found', []],
  ])('at %s marks only the links of that page current', async (route, heading, current) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(currentNavLinks()).toEqual(current);
  });
});

describe('header brand', () => {
  it("recovers with the screen's Try again after both failed to load", async () => {
    server.use(
      http.get(STORE_CONFIG_URL, serverError, { once: true }),
      http.get(LOCATIONS_URL, serverError, { once: true }),
    );
    const { user } = renderApp('/pos/locations');
    const main = screen.getByRole('main');
    await user.click(await within(main).findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Store locations' })).toBeVisible();
    await waitFor(() => expect(homeLink()).toHaveAccessibleName('Indigo Threads'));
    await waitFor(() => expect(document.title).toBe('Store locations · Indigo Threads'));
  });

  it.each(['', '   '])('falls back to the default name for a brand name of "%s"', async (name) => {
    repo.read().storeConfig.brand.name = name;
    const { user } = renderApp('/store');
    // the config has come: the screen shows it
    expect(await screen.findByRole('region', { name: 'Brand' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('Store information');
    expect(homeLink()).toHaveAccessibleName('Storefront');
    await waitFor(() => expect(document.title).toBe('Store information'));

    await user.click(homeLink());
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home'));
  });
});

describe("the header's terminal location", () => {
  it.each([
    ['a cashier', 'cashier', true],
    ['nobody signed in', null, true],
    ['a customer account', 'asha', false],
  ] as const)('on the POS, %s (%s) is offered it: %s', async (_who, session, offered) => {
    renderApp('/pos', { session });
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    const link = within(screen.getByRole('banner')).queryByRole('link', {
      name: 'Choose location',
    });
    // a customer account cannot choose it (docs/locations.md): no way there that says "Not allowed"
    if (offered) expect(link).toHaveAttribute('href', '/pos/locations');
    else expect(link).not.toBeInTheDocument();
  });

  const bandra = { id: 'loc_mum_bandra', name: 'Indigo Threads Bandra', city: 'Mumbai' };
  /** Kept on the device (renderApp starts from empty storage). */
  const choose = (location: typeof bandra) => act(() => terminalLocationStore.set(location));
  const locationLink = (name: string | RegExp) =>
    within(screen.getByRole('banner')).findByRole('link', { name });
  /** The store's list changes after the terminal's location was chosen. */
  const changeBandra = (change: (l: { active: boolean; is_checkout_point: boolean }) => void) =>
    change(repo.read().locations.find((l) => l.id === bandra.id)!);

  it.each([
    ['has become inactive', 'inactive', () => changeBandra((l) => (l.active = false))],
    [
      'is no longer a checkout point',
      'not a checkout point',
      () => changeBandra((l) => (l.is_checkout_point = false)),
    ],
    [
      'is no longer listed',
      'no longer listed',
      () => {
        const state = repo.read();
        state.locations = state.locations.filter((l) => l.id !== bandra.id);
      },
    ],
  ])(
    "says so when the terminal's location %s, and still leads to the picker",
    async (_what, word, change) => {
      change();
      const { user } = renderApp('/pos');
      choose(bandra);
      const link = await locationLink(`Location: Indigo Threads Bandra (${word})`);
      expect(link).toHaveAttribute('href', '/pos/locations');
      // the picker says the same, in its own words
      await user.click(link);
      expect(
        await screen.findByText(`Indigo Threads Bandra is ${word}. Choose another location.`),
      ).toBeInTheDocument();
      expect(await locationLink(`Location: Indigo Threads Bandra (${word})`)).toBeInTheDocument();
    },
  );

  it('names the location as the store now does after it was renamed, here and in the picker', async () => {
    changeBandra((l) => {
      Object.assign(l, { name: 'Indigo Threads Linking Road' });
    });
    const { user } = renderApp('/pos');
    choose(bandra);
    const link = await locationLink('Location: Indigo Threads Linking Road');
    expect(terminalLocationStore.get()).toMatchObject({
      id: bandra.id,
      name: 'Indigo Threads Linking Road',
    });
    await user.click(link);
    expect(await screen.findByText(/This terminal’s location:/)).toHaveTextContent(
      'Indigo Threads Linking Road, Mumbai',
    );
  });

  it("asks for the store's list once across the POS screens, and not again after the picker's", async () => {
    const requests = sentRequests(server, 'GET', '/pos/locations');
    const { user } = renderApp('/pos/locations');
    choose(bandra);
    await screen.findByRole('list', { name: 'Locations' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('link', { name: 'POS' }));
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    await user.click(await screen.findByRole('link', { name: /cart_1001/ }));
    await screen.findByRole('heading', { level: 1, name: /Cart/ });
    // not asked again for every screen: a change since is seen at the picker's next load
    changeBandra((l) => (l.active = false));
    await user.click(nav.getByRole('link', { name: 'POS' }));
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    expect(await locationLink('Location: Indigo Threads Bandra')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['with no location chosen', 'cashier', null],
    ['with nobody signed in', null, bandra],
  ] as const)('asks nothing %s', async (_when, session, chosen) => {
    const requests = sentRequests(server, 'GET', '/pos/locations');
    changeBandra((l) => (l.active = false));
    renderApp('/pos', { session });
    if (chosen) choose(chosen);
    await screen.findByRole('heading', { level: 1, name: 'POS terminal' });
    // the note's code has come and drawn
    await act(() => import('@/features/locations/location-problem'));
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(requests).toEqual([]);
    expect(
      await locationLink(chosen ? 'Location: Indigo Threads Bandra' : 'Choose location'),
    ).toBeInTheDocument();
  });

  it('names the location plainly when the check fails, and the picker asks again', async () => {
    server.use(http.get(LOCATIONS_URL, serverError, { once: true }));
    const requests = sentRequests(server, 'GET', '/pos/locations');
    changeBandra((l) => (l.active = false));
    const { user } = renderApp('/pos');
    choose(bandra);
    await waitFor(() => expect(requests).toHaveLength(1));
    const link = await locationLink('Location: Indigo Threads Bandra');
    await user.click(link);
    await screen.findByRole('list', { name: 'Locations' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await locationLink('Location: Indigo Threads Bandra (inactive)')).toBeInTheDocument();
  });

  it('is not offered on an address that only starts with the same letters', async () => {
    renderApp('/posters', { session: 'cashier' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(
      within(screen.getByRole('banner')).queryByRole('link', { name: 'Choose location' }),
    ).not.toBeInTheDocument();
  });
});

/* eslint-disable testing-library/no-node-access -- where focus is has no role to query it by */
describe('a sign-in or sign-out in another tab', () => {
  const asha = DEMO_IDENTITIES.find((d) => d.id === 'asha')!;
  const vikram = DEMO_IDENTITIES.find((d) => d.id === 'vikram')!;
  const nav = () => screen.getByRole('navigation', { name: 'Main' });
  const storageEvent = (key: string) => window.dispatchEvent(new StorageEvent('storage', { key }));

  /** Asha, remembered on the device, editing her notification settings. */
  async function ashaEditing() {
    const view = renderApp('/account/notifications', { session: 'asha' });
    act(() => sessionStore.signIn(asha, true));
    await view.user.click(
      await screen.findByRole('switch', { name: 'Promotional SMS' }, { timeout: 5000 }),
    );
    return view;
  }

  it('a sign-out there is said by a live region already in the page, and focus goes to the content', async () => {
    await ashaEditing();
    const regions = screen.getAllByRole('status');
    act(() => {
      localStorage.removeItem(IDENTITY_KEY);
      storageEvent(IDENTITY_KEY);
    });
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    const said = regions
      .filter((r) => r.isConnected)
      .map((r) => r.textContent)
      .join(' ');
    expect(said).toMatch(/You were signed out in another tab\. Changes not saved here/);
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('someone else signing in there: focus goes to the content, not the page', async () => {
    await ashaEditing();
    act(() => {
      localStorage.setItem(IDENTITY_KEY, JSON.stringify(vikram));
      storageEvent(IDENTITY_KEY);
    });
    await screen.findByText('Vikram Shah signed in in another tab');
    await screen.findByRole('switch', { name: 'Promotional SMS' });
    expect(document.activeElement).not.toBe(document.body);
  });

  it('the sign-out is news for the screen open then only, not for the next one', async () => {
    const { user } = await ashaEditing();
    act(() => {
      localStorage.removeItem(IDENTITY_KEY);
      storageEvent(IDENTITY_KEY);
    });
    // in the sign-in prompt, and in the header's live region
    expect(await screen.findAllByText(/You were signed out in another tab\. Changes/)).toHaveLength(
      2,
    );
    await user.click(within(nav()).getByRole('link', { name: 'Store' }));
    await screen.findByRole('heading', { level: 1, name: /About/ }, { timeout: 5000 });
    await user.click(within(nav()).getByRole('link', { name: 'Returns' }));
    await screen.findByText('Sign in to continue', {}, { timeout: 5000 });
    expect(screen.queryByText(/signed out in another tab/)).not.toBeInTheDocument();
  });
});
/* eslint-enable testing-library/no-node-access */
