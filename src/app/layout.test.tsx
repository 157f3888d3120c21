import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

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
});
