import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { API_ORIGIN } from '../ports';

// These run against the app built with VITE_API_BASE_URL pointing at `npm run api` (a real
// socket): no service worker, no demo sign-in buttons.

async function signInWithToken(page: Page, token: string, userId: string, shownAs: string) {
  await page.goto('/settings');
  await page.getByLabel('Access token').fill(token);
  await page.getByLabel('User ID').fill(userId);
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Connection saved');
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${shownAs}`);
}

test('real-backend build: no demo badge, no service worker, store config over the socket', async ({
  page,
}) => {
  // the build's own inline scripts (its preloads and early requests differ from the demo's)
  // are the ones its Content Security Policy names
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.violations.push(`${e.violatedDirective}: ${e.blockedURI || e.sample}`),
    );
  });
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/')) apiCalls.push(r.url());
  });
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1, name: 'About Indigo Threads' })).toBeVisible();
  await expect(page).toHaveTitle(/Indigo Threads/);
  await expect(page.getByText('Demo', { exact: true })).toHaveCount(0);
  expect(apiCalls.some((u) => u.startsWith(`${API_ORIGIN}/api/v1/demo-store/`))).toBe(true);
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
  ).toBe(0);
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1);
  expect(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  ).toEqual([]);
  await expectNoAxeViolations(page);
});

test('sign in with a token and sign out', async ({ page }) => {
  await signInWithToken(page, 'demo-customer-token', 'cus_1001', 'Asha Rao');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('POS over the socket: open a cart and see what is to be paid', async ({ page }) => {
  await signInWithToken(page, 'demo-cashier-token', 'staff_01', 'Priya Nair (cashier)');
  await page.goto('/pos');
  await page.getByLabel('Cart ID').fill('cart_1002');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pos\/carts\/cart_1002$/);
  await expect(page.getByText('To be paid').first()).toBeVisible();
  await expect(page.getByText('Bamboo Socks (3 pairs)').first()).toBeVisible();
});

test("a screen's first data is requested by the page before the app's code runs, once, with its own credential", async ({
  page,
}) => {
  await signInWithToken(page, 'demo-cashier-token', 'staff_01', 'Priya Nair (cashier)');
  const cartGets: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().endsWith('/storefront/pos/carts/cart_1002'))
      cartGets.push(r);
  });
  // hold the app's code back: only the page's own script can ask for the cart meanwhile
  let askedBeforeTheCode = false;
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    askedBeforeTheCode = cartGets.length > 0;
    await route.continue();
  });
  await page.goto('/pos/carts/cart_1002');
  await expect(page.getByText('Bamboo Socks (3 pairs)').first()).toBeVisible();
  expect(askedBeforeTheCode).toBe(true);
  // and the client took that response instead of asking again
  expect(cartGets).toHaveLength(1);
  const headers = await cartGets[0]!.allHeaders();
  expect(headers.authorization).toBe('Bearer demo-cashier-token');
  expect(headers['x-api-key']).toBeUndefined();
});
