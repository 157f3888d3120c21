import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const API = '/api/v1/demo-store/storefront';
const ASHA = { Authorization: 'Bearer demo-customer-token' };

/** Call the in-browser service from the page, as the app would (through the worker). */
async function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const res = await fetch(url, {
        method,
        headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    { method, url: `${API}${path}`, body, headers: ASHA },
  );
}

async function promotionalSms(page: Page) {
  const res = await call(page, 'GET', '/auth/user/cus_1001');
  const content = res.json.content as {
    user: { notification_preferences: { promotional: { sms: boolean } } };
  };
  return content.user.notification_preferences.promotional.sms;
}

async function ready(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Indigo Threads')).toBeVisible();
}

test('changes survive a reload and "Reset demo data" restores the seed', async ({ page }) => {
  await ready(page);
  expect(await promotionalSms(page)).toBe(false);
  const put = await call(page, 'PUT', '/auth/user/cus_1001/notification-preferences', {
    notification_preferences: { promotional: { sms: true } },
  });
  expect(put.status).toBe(200);

  await page.reload();
  await expect(page.getByRole('banner').getByText('Indigo Threads')).toBeVisible();
  expect(await promotionalSms(page)).toBe(true);

  await page.getByText('Demo', { exact: true }).click();
  await page.getByRole('button', { name: 'Reset demo data' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset demo data' }).click();
  await expect(page.getByText('Demo data reset.')).toBeVisible();
  expect(await promotionalSms(page)).toBe(false);

  await page.reload();
  await expect(page.getByRole('banner').getByText('Indigo Threads')).toBeVisible();
  expect(await promotionalSms(page)).toBe(false);
});

test('two tabs do not overwrite each other', async ({ page, context }) => {
  await ready(page);
  const other = await context.newPage();
  await ready(other);
  const prefsIn = async (tab: Page) => {
    const res = await call(tab, 'GET', '/auth/user/cus_1001');
    return (
      res.json.content as {
        user: { notification_preferences: Record<string, Record<string, boolean>> };
      }
    ).user.notification_preferences;
  };
  // tab 1 changes promotional SMS; tab 2 keeps the state it loaded before that change in memory
  await call(page, 'PUT', '/auth/user/cus_1001/notification-preferences', {
    notification_preferences: { promotional: { sms: true } },
  });
  // browsers pass localStorage writes to other tabs asynchronously (milliseconds): once tab 2
  // can see the change, its own write must build on it rather than on its stale copy
  await expect.poll(async () => (await prefsIn(other)).promotional!.sms).toBe(true);
  await call(other, 'PUT', '/auth/user/cus_1001/notification-preferences', {
    notification_preferences: { newsletter: { whatsapp: true } },
  });
  await expect
    .poll(async () => {
      const prefs = await prefsIn(page);
      return [prefs.promotional!.sms, prefs.newsletter!.whatsapp];
    })
    .toEqual([true, true]);
});

test('data saved by an older version is reset with a notice, not a crash', async ({ page }) => {
  await ready(page);
  await page.evaluate(() => {
    localStorage.setItem(
      'storefront-demo:state',
      JSON.stringify({ version: 0, revision: 'old', state: { carts: 'an old shape' } }),
    );
    localStorage.setItem('storefront-demo:revision', 'old');
  });
  await page.reload();
  await expect(page.getByText(/version of the app, so it was reset/)).toBeVisible();
  expect(await promotionalSms(page)).toBe(false);
});

test('fault switches in the URL: a dropped connection, then a 500, then normal service', async ({
  page,
}) => {
  await ready(page);
  await page.goto('/?drop=1&fail=1');
  await expect(page.getByRole('banner').getByText('Indigo Threads')).toBeVisible({
    timeout: 15_000,
  });
  // the page's own store-config request used up the faults (the app retried); service is normal
  expect((await call(page, 'GET', '/store/config')).status).toBe(200);
});

test('the Demo panel fits a narrow screen and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await ready(page);
  const badge = page.getByText('Demo', { exact: true });
  await badge.click();
  const reset = page.getByRole('button', { name: 'Reset demo data' });
  await expect(reset).toBeVisible();
  // the whole panel is on screen: before, it hung 132 px off the left edge at this width
  const panel = page.locator('details > div');
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  // nor past the bottom: it scrolls, so its last control can be reached
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  const last = page.getByLabel('Drop next N connections', { exact: true });
  await last.focus();
  await expect(last).toBeInViewport();

  await reset.focus();
  await page.keyboard.press('Escape');
  await expect(reset).toBeHidden();
  await expect(badge).toBeFocused();
});

test('the open Demo panel gets out of the way: focus or a press elsewhere closes it; zoomed in, all of it can be reached', async ({
  page,
}) => {
  // a 1280 x 1024 screen at 400 %: the panel was fixed below the header, past the bottom
  await page.setViewportSize({ width: 320, height: 256 });
  await ready(page);
  const badge = page.getByText('Demo', { exact: true });
  const reset = page.getByRole('button', { name: 'Reset demo data' });
  await badge.click();
  const last = page.getByLabel('Drop next N connections', { exact: true });
  // the page scrolls to the panel's last field: it, its label and the panel's end are in view
  await last.scrollIntoViewIfNeeded();
  const panel = (await page.locator('details > div').boundingBox())!;
  expect(panel.y + panel.height).toBeLessThanOrEqual(256);
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Drop next N connections', { exact: true })).toBeInViewport({
    ratio: 1,
  });

  // the reset question is answered with the panel still open behind it
  await reset.click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset demo data?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reset).toBeFocused();

  // Tab past its last control: the panel closes, and what has focus is not under it
  await last.focus();
  await page.keyboard.press('Tab');
  await expect(reset).toBeHidden();
  await expect(page.locator(':focus')).toBeInViewport();

  // a press outside it closes it too; not a finger that only swipes to scroll (it presses down
  // but clicks nothing)
  await badge.click();
  await expect(reset).toBeVisible();
  await page.getByRole('main').dispatchEvent('pointerdown', { pointerType: 'touch' });
  await page.getByRole('main').dispatchEvent('pointercancel', { pointerType: 'touch' });
  await expect(reset).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(reset).toBeHidden();
});
