import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test } from './fixtures';

const ROUTE = '/account/notifications';

const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const savedMessage = (page: Page) => page.getByText(/your notification settings were saved at/i);

/** Sign in (customers land on this screen) and wait for the matrix. */
async function openAs(page: Page, who: 'asha' | 'vikram') {
  await signIn(page, who);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(toggle(page, 'Transactional email')).toBeVisible();
}

/** Press Tab until `target` has focus (keyboard only, as a person would). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached the target by Tab');
}

test('Asha saves a change, sees it confirmed, and a reload shows what was saved', async ({
  page,
}) => {
  await openAs(page, 'asha');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(toggle(page, 'Promotional SMS')).not.toBeChecked();
  await expect(saveButton(page)).toBeDisabled();
  await expectNoAxeViolations(page);

  await toggle(page, 'Promotional SMS').click();
  await page.getByRole('button', { name: 'Turn all off for newsletter' }).click();
  await expect(page.getByText('2 unsaved changes')).toBeVisible();
  await expect(page.getByText('Changed')).toHaveCount(2);
  // the changed state (marks, notice, list) passes too
  await expectNoAxeViolations(page);

  await saveButton(page).click();
  await expect(savedMessage(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expect(page.getByText('Changed')).toHaveCount(0);

  await page.reload();
  await expect(toggle(page, 'Transactional email')).toBeVisible();
  await expect(toggle(page, 'Promotional SMS')).toBeChecked();
  await expect(toggle(page, 'Newsletter email')).not.toBeChecked();
  await expect(toggle(page, 'Newsletter SMS')).not.toBeChecked();
  await expect(toggle(page, 'Transactional WhatsApp')).toBeChecked();
});

test('Vikram, with nothing stored, starts from a marked suggestion and creates his settings', async ({
  page,
}) => {
  await openAs(page, 'vikram');
  await expect(page.getByText('Not saved yet', { exact: true })).toBeVisible();
  await expect(toggle(page, 'Transactional SMS')).toBeChecked();
  await expect(toggle(page, 'Promotional email')).not.toBeChecked();
  await expect(saveButton(page)).toBeEnabled();
  await expectNoAxeViolations(page);

  await toggle(page, 'Newsletter WhatsApp').click();
  await saveButton(page).click();
  await expect(savedMessage(page)).toBeVisible();
  await expect(page.getByText('Not saved yet', { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(toggle(page, 'Newsletter WhatsApp')).toBeChecked();
  await expect(toggle(page, 'Transactional SMS')).toBeChecked();
  await expect(page.getByText('Not saved yet', { exact: true })).toHaveCount(0);
  await expect(saveButton(page)).toBeDisabled();
});

test('a failed save keeps the choices and the retry saves them', async ({ page }) => {
  await openAs(page, 'asha');
  await toggle(page, 'Newsletter SMS').click();

  // the fault is set after the page loaded, so it hits the save and not the page's own reads
  await page.getByText('Demo', { exact: true }).click();
  await page.getByLabel('Fail next N requests (500)').fill('1');
  await page.getByText('Demo', { exact: true }).click();

  await saveButton(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your changes may not have been saved' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your choices are still on this screen');
  await expect(toggle(page, 'Newsletter SMS')).toBeChecked();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(savedMessage(page)).toBeVisible();
  await expect(alert).toHaveCount(0);

  await page.reload();
  await expect(toggle(page, 'Newsletter SMS')).toBeChecked();
});

test('toggling and saving by keyboard alone', async ({ page }) => {
  await openAs(page, 'asha');
  // after sign-in the app moved focus to this screen's heading; go on from there
  await expect(
    page.getByRole('heading', { level: 1, name: 'Notification settings' }),
  ).toBeFocused();

  const sms = toggle(page, 'Promotional SMS');
  await tabTo(page, sms);
  await page.keyboard.press('Space');
  await expect(sms).toBeChecked();

  const allOn = page.getByRole('button', { name: 'Turn all on for newsletter' });
  await tabTo(page, allOn);
  await page.keyboard.press('Enter');
  await expect(toggle(page, 'Newsletter WhatsApp')).toBeChecked();

  await tabTo(page, saveButton(page));
  await page.keyboard.press('Enter');
  await expect(savedMessage(page)).toBeVisible();
  // focus lands on the outcome, not on the now disabled Save button
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/saved at/i);

  await page.reload();
  await expect(toggle(page, 'Promotional SMS')).toBeChecked();
  await expect(toggle(page, 'Newsletter SMS')).toBeChecked();
});

test('leaving with unsaved changes asks first', async ({ page }) => {
  await openAs(page, 'asha');
  await toggle(page, 'Promotional WhatsApp').click();
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('link', { name: 'Store' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(toggle(page, 'Promotional WhatsApp')).toBeChecked();

  // Escape is "Stay" too
  await nav.getByRole('link', { name: 'Store' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toggle(page, 'Promotional WhatsApp')).toBeChecked();

  await nav.getByRole('link', { name: 'Store' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Indigo Threads' })).toBeVisible();
});

test('offline when the question is first needed: it is asked in the page and nothing is lost', async ({
  page,
}) => {
  // the dialog's code cannot be fetched (the terminal went offline before the first question)
  await page
    .context()
    .route('**/assets/confirm-dialog-impl-*.js', (route) => route.abort('internetdisconnected'));
  await openAs(page, 'asha');
  await toggle(page, 'Promotional WhatsApp').click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const storeLink = nav.getByRole('link', { name: 'Store' });

  await storeLink.click();
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(question).toBeFocused();
  // the question in the page, and no other (the modal's code never came)
  await expect(page.getByRole('alertdialog')).toHaveCount(1);
  await expect(page.locator('[role="alertdialog"][data-state]')).toHaveCount(0);
  // the screen and the change stay
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(toggle(page, 'Promotional WhatsApp')).toBeChecked();
  await expectNoAxeViolations(page);

  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(storeLink).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(toggle(page, 'Promotional WhatsApp')).toBeChecked();

  // asked again and answered
  await storeLink.click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Indigo Threads' })).toBeVisible();
});

test('at 400% zoom the question fits the screen, and its buttons scroll into view in it', async ({
  page,
}) => {
  await openAs(page, 'asha');
  await toggle(page, 'Promotional WhatsApp').click();
  // 1280 x 800 at 400%: 320 x 200 CSS px
  await page.setViewportSize({ width: 320, height: 200 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(200);
  // the page behind is locked: the dialog scrolls itself to its buttons
  const leave = dialog.getByRole('button', { name: 'Leave' });
  await leave.scrollIntoViewIfNeeded();
  await expect(leave).toBeInViewport({ ratio: 1 });
  await leave.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'About Indigo Threads' }),
  ).toBeAttached();
});

test("the browser's Back with unsaved changes asks first too", async ({ page }) => {
  // signing in came from the Connection screen: Back leads there
  await openAs(page, 'asha');
  await toggle(page, 'Promotional WhatsApp').click();

  await page.goBack();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(toggle(page, 'Promotional WhatsApp')).toBeChecked();

  await page.goBack();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connection and sign-in' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/settings/);
  // Forward comes back to the screen, without the change that was not saved
  await page.goForward();
  await expect(toggle(page, 'Promotional WhatsApp')).toBeVisible();
  await expect(toggle(page, 'Promotional WhatsApp')).not.toBeChecked();
});

test('closing the tab with unsaved changes asks the browser to confirm', async ({ page }) => {
  await openAs(page, 'asha');
  await toggle(page, 'Promotional WhatsApp').click();
  // rendered means the guard's effect ran too (React flushes effects of a click synchronously)
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const prompt = await dialog;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  // staying keeps the page and the change (and lets the cancelled close settle before teardown)
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await expect(toggle(page, 'Promotional WhatsApp')).toBeChecked();
  // and a working page: the demo's service did not take the prompt for the page's end (it
  // stopped answering, and the save went to the web server: "404")
  await saveButton(page).click();
  await expect(savedMessage(page)).toBeVisible();
});

test('on a phone the matrix becomes one card per category, with the same switch names', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, 'asha');
  await expect(page.getByRole('table')).toHaveCount(0);
  const promotional = page.getByRole('region', { name: 'Promotional' });
  await expect(promotional.getByRole('switch', { name: 'Promotional SMS' })).toBeVisible();
  await promotional.getByRole('button', { name: 'Turn all on for promotional' }).click();
  await expect(promotional.getByRole('switch', { name: 'Promotional WhatsApp' })).toBeChecked();
  await expectNoAxeViolations(page);
  await saveButton(page).click();
  await expect(savedMessage(page)).toBeVisible();
});

test('zoom or a rotation that swaps table and cards keeps focus on the same control', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openAs(page, 'asha');
  const sms = toggle(page, 'Promotional SMS');
  await tabTo(page, sms);
  await page.keyboard.press('Space');
  // as on zooming in: the table gives way to cards, and focus stays on that switch
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(sms).toBeFocused();
  await page.keyboard.press('Space');
  await expect(sms).not.toBeChecked();
  // ...and back, on a button too
  const allOff = page.getByRole('button', { name: 'Turn all off for newsletter' });
  await tabTo(page, allOff);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('table')).toBeVisible();
  await expect(allOff).toBeFocused();
});

test('signed out, the screen leads to sign-in and back', async ({ page }) => {
  await page.goto(ROUTE);
  const main = page.getByRole('main');
  await expect(
    main.getByText('Sign in to see and change your notification settings.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Sign in as Asha Rao/ }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect(toggle(page, 'Transactional email')).toBeVisible();
});

test('in high-contrast (forced colours) mode on and off look different, the thumb stays visible', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openAs(page, 'asha');
  await expect(toggle(page, 'Transactional email')).toBeChecked();
  await expect(toggle(page, 'Promotional SMS')).not.toBeChecked();
  // what is painted: the track's colour and its thumb's (the page's own colours are replaced by
  // the system's in this mode, so a state shown only by a background colour disappears)
  const paint = (name: string) =>
    toggle(page, name).evaluate((el) => ({
      track: getComputedStyle(el).backgroundColor,
      thumb: getComputedStyle(el.firstElementChild!).backgroundColor,
    }));
  const on = await paint('Transactional email');
  const off = await paint('Promotional SMS');
  expect(on.track).not.toBe(off.track);
  expect(on.thumb).not.toBe(on.track);
  expect(off.thumb).not.toBe(off.track);
});
