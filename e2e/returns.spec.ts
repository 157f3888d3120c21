import type { Locator, Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test } from './fixtures';

const TSHIRT = /Organic Cotton Crew T-Shirt/;
const MUG = /Stoneware Mug/;

/** Press Tab until `target` has focus, as a keyboard user would (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

async function expectStep(page: Page, name: RegExp) {
  await expect(stepHeading(page, name)).toBeFocused();
}

/** The step a visit began at (a load, a reload): shown, with the browser's own start kept. */
async function expectStepAtLoad(page: Page, name: RegExp) {
  await expect(stepHeading(page, name)).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

/** Returns the demo service holds (its state lives in this browser's localStorage). */
async function storedReturnCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('storefront-demo:state');
    const parsed = raw ? (JSON.parse(raw) as { state?: { returns?: object } }) : null;
    return Object.keys(parsed?.state?.returns ?? {}).length;
  });
}

async function startAtItems(page: Page) {
  await signIn(page, 'asha');
  await page.goto('/account/returns/new?order=ORD-1001');
  await expectStepAtLoad(page, /Find the order/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Choose items/);
}

async function fillLine(
  page: Page,
  product: RegExp,
  { quantity, reason, resolution }: { quantity?: string; reason: string; resolution: string },
) {
  const line = page.getByRole('group', { name: product });
  await line.getByRole('checkbox', { name: 'Return this item' }).check();
  if (quantity) await line.getByRole('textbox', { name: 'Quantity to return' }).fill(quantity);
  await line.getByRole('combobox', { name: 'Reason' }).selectOption({ label: reason });
  await line.getByRole('radio', { name: resolution, exact: true }).check();
}

test('a whole return by keyboard alone, ending at the confirmation with the refund', async ({
  page,
}) => {
  test.slow(); // four steps and five axe scans on a shared machine
  await signIn(page, 'asha');
  await page.goto('/account/returns/new');

  // step 1: the order; a load keeps the browser's own start, the skip link first
  await expectStepAtLoad(page, /Find the order/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await tabTo(page, page.getByLabel('Order number'));
  await page.keyboard.type('ORD-1001');
  await page.keyboard.press('Enter');

  // step 2: two T-shirts, too small, refund
  await expectStep(page, /Choose items/);
  const tshirt = page.getByRole('group', { name: TSHIRT });
  await page.keyboard.press('Tab');
  await expect(tshirt.getByRole('checkbox', { name: 'Return this item' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(tshirt.getByRole('textbox', { name: 'Quantity to return' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  const reason = tshirt.getByRole('combobox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(reason).toHaveValue('too_small');
  await page.keyboard.press('Tab');
  await expect(tshirt.getByRole('radio', { name: 'Refund' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByText('2 items chosen. Estimated refund ₹1,598.00.')).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  // step 3: collect from the delivery address
  await expectStep(page, /Pickup address/);
  await expect(page.getByRole('radio', { name: 'From the delivery address' })).toBeChecked();
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  // step 4: review and send
  await expectStep(page, /Review and send/);
  await expect(page.getByText('2 × ₹799.00 = ₹1,598.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Estimated refund' })).toContainText('₹1,598.00');
  await expectNoAxeViolations(page);
  const send = page.getByRole('button', { name: 'Send return request' });
  await expect(send).toBeEnabled();
  await tabTo(page, send);
  await page.keyboard.press('Enter');

  // the confirmation
  const heading = page.getByRole('heading', { level: 1, name: /Return request RET-\d+/ });
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(/\/account\/returns\/RET-\d+$/);
  await expect(page.getByText('Your return request was sent')).toBeVisible();
  const refund = page.getByRole('region', { name: 'Refund' });
  await expect(refund).toContainText('₹1,598.00');
  await expect(refund).toContainText('Pending');
  await expectNoAxeViolations(page);
  expect(await storedReturnCount(page)).toBe(1);

  // said once, on arrival: not again at a reload (nor a Back and Forward to it)
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(refund).toContainText('₹1,598.00');
  await expect(page.getByText('Your return request was sent')).toHaveCount(0);
});

test('validation messages and the other-address form have no axe violations', async ({ page }) => {
  test.slow(); // axe scans of two busy screens
  await startAtItems(page);
  await page.getByRole('group', { name: TSHIRT }).getByRole('checkbox').check();
  await page
    .getByRole('group', { name: TSHIRT })
    .getByRole('combobox', { name: 'Reason' })
    .selectOption({ label: 'Other' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Tell us the reason')).toBeVisible();
  await expect(page.getByText('Choose refund or replacement')).toBeVisible();
  await expectNoAxeViolations(page);

  await fillLine(page, MUG, { reason: 'Wrong item sent', resolution: 'Replacement' });
  await page.getByRole('group', { name: TSHIRT }).getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Pickup address/);
  await page.getByRole('radio', { name: 'From another address' }).check();
  await page.getByLabel('Phone').fill('12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a 10-digit phone number')).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeFocused();
  await expectNoAxeViolations(page);
});

test('a reload in the middle keeps the step and everything typed', async ({ page }) => {
  await startAtItems(page);
  await fillLine(page, TSHIRT, { quantity: '2', reason: 'Other', resolution: 'Refund' });
  await page
    .getByRole('group', { name: TSHIRT })
    .getByRole('textbox', { name: 'Describe the reason' })
    .fill('The colour ran in the first wash');

  await page.reload();
  await expectStepAtLoad(page, /Choose items/);
  const tshirt = page.getByRole('group', { name: TSHIRT });
  await expect(tshirt.getByRole('checkbox', { name: 'Return this item' })).toBeChecked();
  await expect(tshirt.getByRole('textbox', { name: 'Quantity to return' })).toHaveValue('2');
  await expect(tshirt.getByRole('textbox', { name: 'Describe the reason' })).toHaveValue(
    'The colour ran in the first wash',
  );
  await expect(tshirt.getByRole('radio', { name: 'Refund' })).toBeChecked();

  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Pickup address/);
  await page.getByRole('radio', { name: 'From another address' }).check();
  await page.getByLabel('Address', { exact: true }).fill('5, MG Road');
  await page.reload();
  await expectStepAtLoad(page, /Pickup address/);
  await expect(page.getByRole('radio', { name: 'From another address' })).toBeChecked();
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('5, MG Road');
});

test('offline when a step is first needed: it says so in its place, and a reload goes on with the answers', async ({
  page,
}) => {
  // the address step's code cannot be fetched (offline before the customer reached it)
  const offline = (route: Route) => route.abort('internetdisconnected');
  await page.context().route('**/assets/address-step-*.js', offline);
  await startAtItems(page);
  await fillLine(page, MUG, { reason: 'Damaged or defective', resolution: 'Refund' });
  await page.getByRole('button', { name: 'Continue' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Part of the app did not load' });
  await expect(alert).toContainText('This step could not be shown.');
  await expect(page.locator(':focus')).toContainText('Part of the app did not load');
  // the screen (header, steps) is still there: not "This screen did not load"
  await expect(page.getByRole('heading', { level: 1, name: 'Return an item' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to the items: the answers are there
  await page.goBack();
  await expectStep(page, /Choose items/);
  await expect(
    page.getByRole('group', { name: MUG }).getByRole('checkbox', { name: 'Return this item' }),
  ).toBeChecked();

  // back online, the reload it offers goes on from where the customer was
  await page.goForward();
  await expect(alert).toBeVisible();
  await page.context().unroute('**/assets/address-step-*.js', offline);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(stepHeading(page, /Pickup address/)).toBeVisible();
});

test("the browser's back and forward buttons move between steps", async ({ page }) => {
  await startAtItems(page);
  await fillLine(page, MUG, { reason: 'Damaged or defective', resolution: 'Replacement' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Pickup address/);
  await expect(page).toHaveURL(/step=address/);

  await page.goBack();
  await expectStep(page, /Choose items/);
  await expect(
    page.getByRole('group', { name: MUG }).getByRole('combobox', { name: 'Reason' }),
  ).toHaveValue('damaged');

  await page.goBack();
  await expectStep(page, /Find the order/);
  await page.goForward();
  await expectStep(page, /Choose items/);
  await page.goForward();
  await expectStep(page, /Pickup address/);
});

test("the browser's Back shows the step's heading, where focus is, not the old scroll position", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await startAtItems(page);
  await fillLine(page, TSHIRT, { quantity: '2', reason: 'Too small', resolution: 'Refund' });
  await fillLine(page, MUG, { reason: 'Damaged or defective', resolution: 'Replacement' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Pickup address/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Review and send/);
  // the review's own Back, at its foot, scrolled there: a step of its own in the history
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, /Pickup address/);
  await page.goBack();
  await expectStep(page, /Review and send/);
  await expect(stepHeading(page, /Review and send/)).toBeInViewport();
});

test('a dropped connection on submit, then a retry, makes exactly one return', async ({ page }) => {
  await startAtItems(page);
  await fillLine(page, TSHIRT, { quantity: '1', reason: 'Too large', resolution: 'Refund' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Pickup address/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Review and send/);

  // the demo service's fault panel: drop the next connection
  await page.getByText('Demo', { exact: true }).click();
  await page.getByLabel('Drop next N connections').fill('1');
  await page.getByText('Demo', { exact: true }).click();

  await page.getByRole('button', { name: 'Send return request' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'We could not confirm your earlier request' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('Reason: Too large')).toBeVisible();
  // nothing of the request can change until the store answers
  await expect(page.getByRole('button', { name: 'Change items' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await storedReturnCount(page)).toBe(0);

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Return request RET-/ })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Refund' })).toContainText('₹799.00');
  expect(await storedReturnCount(page)).toBe(1);
});

/** From the items step: the given lines, the delivery address, to the review. */
async function reviewWith(page: Page, lines: [RegExp, Parameters<typeof fillLine>[2]][]) {
  for (const [product, answers] of lines) await fillLine(page, product, answers);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Pickup address/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, /Review and send/);
}

test('a refusal at send time lands on the line, and the corrected request goes through', async ({
  page,
  context,
}) => {
  test.slow(); // two tabs through the whole wizard
  const tshirts = { quantity: '2', reason: 'Too small', resolution: 'Refund' };
  await startAtItems(page);
  await reviewWith(page, [[TSHIRT, tshirts]]);

  // before this tab sends, another tab sends the same T-shirts
  const other = await context.newPage();
  await startAtItems(other);
  await reviewWith(other, [[TSHIRT, tshirts]]);
  await other.getByRole('button', { name: 'Send return request' }).click();
  await expect(other.getByText('Your return request was sent')).toBeVisible();
  await other.close();
  await page.bringToFront();

  await page.getByRole('button', { name: 'Send return request' }).click();
  // the refusal focuses the line's quantity rather than the step heading
  await expect(stepHeading(page, /Choose items/)).toBeVisible();
  const tshirt = page.getByRole('group', { name: TSHIRT });
  const quantity = tshirt.getByRole('textbox', { name: 'Quantity to return' });
  await expect(tshirt.getByText('None of this item can be returned now')).toBeVisible();
  await expect(quantity).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'did not accept' })).toBeVisible();
  await expectNoAxeViolations(page);

  // unchosen, a line with nothing left says so instead of offering its checkbox again
  await tshirt.getByRole('checkbox', { name: 'Return this item' }).click();
  await expect(tshirt.getByText('Already in a return request.')).toBeVisible();
  await reviewWith(page, [[MUG, { reason: 'Damaged or defective', resolution: 'Refund' }]]);
  await page.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Return request RET-/ })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('Stoneware Mug');
  await expect(page.getByRole('region', { name: 'Items' })).not.toContainText('T-Shirt');
  expect(await storedReturnCount(page)).toBe(2);
});

test('the not-returnable reasons and an unknown order are explained', async ({ page }) => {
  await signIn(page, 'asha');
  await page.goto('/account/returns/new');
  const field = page.getByLabel('Order number');
  for (const [order, text] of [
    ['ORD-1002', /ORD-1002 has not been delivered yet/],
    ['ORD-1003', /The 30-day return window for ORD-1003 closed on/],
    ['ORD-2001', /We couldn't find that order on your account/],
  ] as const) {
    await field.fill(order);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(text)).toBeVisible();
    await expect(field).toBeFocused();
  }
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('each step fits the screen without sideways scrolling', async ({ page }) => {
    const fits = () =>
      page.evaluate(() => {
        const main = document.querySelector('main');
        return !!main && main.scrollWidth <= main.clientWidth;
      });
    await startAtItems(page);
    await fillLine(page, TSHIRT, { quantity: '2', reason: 'Other', resolution: 'Refund' });
    // a long unbroken word (a pasted link) must wrap on the review and the confirmation too
    await page
      .getByRole('textbox', { name: 'Describe the reason' })
      .fill('Seam torn, photos at https://photos.example.com/shared/album/7f3a9c2e41b84d6fa0e5');
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, /Pickup address/);
    await page.getByRole('radio', { name: 'From another address' }).check();
    expect(await fits()).toBe(true);
    // an address line of long words run together, and a long city, wrap on the review too
    await page
      .getByLabel('Address', { exact: true })
      .fill(`Flat 1203, Tower B, ${'Supercalifragilisticexpialidocious'.repeat(4)}`);
    await page.getByLabel('City').fill('Thiruvananthapuram'.repeat(5));
    await page.getByLabel('State').fill('Kerala');
    await page.getByLabel('Pincode').fill('695001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectStep(page, /Review and send/);
    await expect(page.getByText(/Tower B, Supercali/)).toBeVisible();
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send return request' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('RET-');
    await expect(page.getByText(/photos\.example\.com/)).toBeVisible();
    expect(await fits()).toBe(true);
  });

  test('ticking "Return this item" by keyboard keeps the checkbox in view (no scroll-anchoring jump)', async ({
    page,
  }) => {
    // the same jump happens on a desktop window whenever the line's top is scrolled away
    await page.setViewportSize({ width: 320, height: 568 });
    await signIn(page, 'asha');
    await page.goto('/account/returns/new?order=ORD-1001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Choose items/ })).toBeFocused();

    const tshirt = page.getByRole('group', { name: /Organic Cotton Crew T-Shirt/ });
    const box = tshirt.getByRole('checkbox', { name: 'Return this item' });
    await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await expect(box).toBeInViewport();
    const before = await box.evaluate((el) => el.getBoundingClientRect().top);

    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect(tshirt.getByRole('textbox', { name: 'Quantity to return' })).toBeVisible();
    // the fields open below the box; the box itself must not move (Chrome's scroll anchoring
    // picked the next line, below the new fields, and scrolled the page by their height)
    await expect(box).toBeFocused();
    await expect(box).toBeInViewport();
    expect(await box.evaluate((el) => el.getBoundingClientRect().top)).toBe(before);
  });
});
