import AxeBuilder from '@axe-core/playwright';
import { type Page, test as base, expect } from '@playwright/test';

export type DemoIdentity = 'cashier' | 'asha' | 'vikram';
const BUTTON: Record<DemoIdentity, RegExp> = {
  cashier: /Sign in as Priya Nair/,
  asha: /Sign in as Asha Rao/,
  vikram: /Sign in as Vikram Shah/,
};

/** Sign in through the Connection screen's one-click demo sign-in, as a person would. */
export async function signIn(page: Page, who: DemoIdentity) {
  await page.goto('/settings');
  await page.getByRole('button', { name: BUTTON[who] }).click();
  await expect(page.getByText(/Signed in as/)).toBeVisible();
  // the demo's service worker controls this page before the test moves on: a page loaded while
  // it is registered but not yet in control is reloaded by MSW (getWorkerInstance), which would
  // pull the next page out from under the test (a page.goto right after this, then an axe scan)
  await page.waitForFunction(async () => {
    if (!('serviceWorker' in navigator)) return true;
    const registrations = await navigator.serviceWorker.getRegistrations();
    return registrations.length === 0 || navigator.serviceWorker.controller !== null;
  });
}

/**
 * Sign in on the Connection screen with a token, remembered on this device: shared with the
 * browser's other tabs, which follow it (the demo sign-in is for its own tab only).
 */
export async function signInRemembered(page: Page, token: string, userId: string) {
  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Access token' }).fill(token);
  await page.getByRole('textbox', { name: 'User ID' }).fill(userId);
  await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByRole('banner')).toContainText('Signed in as');
}

/** Zero axe violations (WCAG 2.2 A/AA and best practice) on what the page shows now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** A page that fails the test on any uncaught error in the app. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
