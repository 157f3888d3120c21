import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, signInRemembered, test } from './fixtures';

/** The big figure in the "To be paid" panel. */
const toBePaid = (page: Page) =>
  page.getByRole('region', { name: 'To be paid' }).locator('p').first();

/** How far the page runs past the viewport's width (0 or less: no sideways scrolling). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openCart(page: Page, cartId: string) {
  await page.goto(`/pos/carts/${cartId}`);
  await expect(page.getByRole('list', { name: 'Cart lines' })).toBeVisible();
}

async function linkByPhone(page: Page, phone: string) {
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await page.getByRole('button', { name: 'Link customer' }).click();
}

async function redeem(page: Page, points: string) {
  await page.getByRole('textbox', { name: 'Loyalty points' }).fill(points);
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
}

/** Set one of the demo service's fault switches through the header's Demo panel. */
async function setFault(page: Page, label: string, value: number) {
  await page.getByRole('banner').getByText('Demo', { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(String(value));
  await page.getByRole('banner').getByText('Demo', { exact: true }).click();
}

test.describe('POS cart', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'cashier');
  });

  test('a scan on /pos while the till is offline for a moment opens the cart', async ({
    page,
    context,
  }) => {
    // the cart screen's code comes beside /pos's own, not at the scan (Chromium keeps a module
    // it failed to fetch failed for the page's life: "This screen did not load" until a reload)
    const cartCode = page.waitForResponse((r) => /\/assets\/cart-screen-[^/]+\.js$/.test(r.url()));
    await page.clock.install();
    await page.goto('/pos');
    await expect(page.getByRole('textbox', { name: 'Cart ID' })).toBeFocused();
    await cartCode;
    await context.setOffline(true);
    await page.clock.pauseAt(Date.now() + 1000);
    await page.keyboard.type('cart_1003');
    await page.keyboard.press('Enter');
    await page.clock.resume();
    // the demo's service answers in the page, offline too
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1003' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cart lines' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a scanned id opens the cart; recent carts are listed; "/" goes to the field', async ({
    page,
  }) => {
    // a scan is told from a person's keys by their pace (SCAN_GAP_MS); on a busy test machine
    // Playwright's keys can come further apart than a scanner's, so the page's clock is held
    // while the scan below is typed
    await page.clock.install();
    await page.goto('/pos');
    const field = page.getByRole('textbox', { name: 'Cart ID' });
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page);
    // a scanner types fast and ends with Enter
    await page.keyboard.type('cart_1001');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pos\/carts\/cart_1001$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1001' })).toBeFocused();
    await expect(toBePaid(page)).toHaveText('₹4,592.20');
    // the next scan, with focus on the heading: the keys go to the Cart ID field, not to the
    // single-key shortcuts ("c" of "cart_1003" would open the customer form)
    await page.clock.pauseAt(Date.now() + 1000);
    await page.keyboard.type('cart_1003');
    await page.keyboard.press('Enter');
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1003' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1001' })).toBeVisible();

    await page.keyboard.press('/');
    await expect(page.getByRole('textbox', { name: 'Cart ID' })).toBeFocused();
    await page.keyboard.type('cart_1002');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1002' })).toBeVisible();
    // a cart is listed as recent once it has loaded (the heading comes before it)
    await expect(page.getByText('Loading the cart…')).toBeHidden();
    await expect(page.getByRole('list', { name: 'Cart lines' })).toBeVisible();

    await page.getByRole('link', { name: 'POS', exact: true }).click();
    const recent = page.getByRole('region', { name: 'Recently opened carts' });
    await expect(recent.getByRole('link')).toHaveText([/cart_1002/, /cart_1001/, /cart_1003/]);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect(page.getByRole('textbox', { name: 'Cart ID' })).toBeFocused();
    await recent.getByRole('link', { name: /cart_1001/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1001' })).toBeVisible();
  });

  // on /pos, and on a cart reloaded at the till, where the next scan comes soonest
  for (const start of ['/pos', '/pos/carts/cart_1001']) {
    test(`a scan made while ${start} is still loading opens the whole id, not its tail`, async ({
      page,
    }) => {
      // the app's code arrives late, as on a slow till after a reload: the scanner's keys come
      // before the Cart ID field exists (a service worker fetches the file: the context routes it)
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.context().route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // held while the scan is typed: a scanner's pace, not the test machine's (SCAN_GAP_MS)
      await page.clock.install();
      await page.goto(start, { waitUntil: 'commit' });
      await expect(page.getByText('Loading…')).toBeVisible();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.keyboard.type('cart_1002');
      await page.keyboard.press('Enter');
      await page.clock.resume();
      release();
      await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1002' })).toBeVisible();
      await expect(page).toHaveURL(/\/pos\/carts\/cart_1002$/);
    });
  }

  test('the cart shows its lines, promotions and every amount; no axe violations', async ({
    page,
  }) => {
    await openCart(page, 'cart_1001');
    const lines = page.getByRole('list', { name: 'Cart lines' });
    await expect(lines.getByRole('heading', { level: 3 })).toHaveText([
      'Organic Cotton Crew T-Shirt',
      'Handloom Linen Kurta',
      'Chikmagalur Filter Coffee',
      'Stoneware Mug',
      'Canvas Tote Bag',
    ]);
    await expect(lines).toContainText('Colour: Indigo Blue');
    await expect(lines).toContainText('Monthly coffee: ₹420.00 monthly');
    await expect(lines).toContainText('(1 free)');
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
      'Grand total₹4,592.20',
    );
    await expect(page.getByRole('region', { name: 'Promotions and coupons' })).toContainText(
      'promo_festive10',
    );
    await expectNoAxeViolations(page);

    await openCart(page, 'cart_1003');
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
      'Coupon discount (WELCOME100)−₹100.00',
    );
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
      'Credit and loyalty−₹100.00Credit used₹100.00',
    );
    await expect(page.getByRole('region', { name: 'Cart details' })).toContainText('Delivery');
  });

  for (const [cartId, title] of [
    ['cart_expired', 'This cart has expired'],
    ['cart_inactive', 'This cart is inactive'],
  ] as const) {
    test(`${cartId} says so and its actions are off`, async ({ page }) => {
      await openCart(page, cartId);
      await expect(page.getByText(title)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Link customer' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Redeem', exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Print receipt' })).toBeDisabled();
      await expectNoAxeViolations(page);
    });
  }

  test('an unknown id says so', async ({ page }) => {
    await page.goto('/pos/carts/cart_nope');
    await expect(page.getByText('There is no cart with the ID “cart_nope”')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a scan typed into the points field after Redeem opens that cart, not points', async ({
    page,
  }) => {
    await page.clock.install();
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    const points = page.getByRole('textbox', { name: 'Loyalty points' });
    await points.fill('100');
    await points.press('Enter');
    const loyalty = page.getByRole('region', { name: 'Loyalty' });
    await expect(loyalty).toContainText('Redeemed 100 points.');
    await expect(points).toBeFocused();
    // a scanner's pace, not the test machine's (SCAN_GAP_MS)
    await page.clock.pauseAt(Date.now() + 1000);
    await page.keyboard.type('cart_1002');
    await page.keyboard.press('Enter');
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart cart_1002' })).toBeVisible();
    await expect(page).toHaveURL(/\/pos\/carts\/cart_1002$/);
  });

  test('link a customer, redeem points (announced), remove the redemption', async ({ page }) => {
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    const customer = page.getByRole('region', { name: 'Customer' });
    await expect(customer).toContainText('Asha Rao');
    await expect(customer).toContainText('+91 9876543210');
    await expect(customer).toContainText('Phone verified');

    await redeem(page, '1000');
    const loyalty = page.getByRole('region', { name: 'Loyalty' });
    await expect(loyalty).toContainText('Points redeemed1,000');
    await expect(toBePaid(page)).toHaveText('₹3,592.20');
    await expect(page.locator('[aria-live="polite"]')).toHaveText(
      'To be paid ₹3,592.20, earns 35 points',
    );
    await expect(loyalty.getByRole('status')).toHaveText('Redeemed 1,000 points.');
    await expectNoAxeViolations(page);

    await loyalty.getByRole('button', { name: 'Remove redemption' }).click();
    await expect(toBePaid(page)).toHaveText('₹4,592.20');
    await expect(page.locator('[aria-live="polite"]')).toHaveText(
      'To be paid ₹4,592.20, earns 45 points',
    );
    await expect(loyalty.getByRole('button', { name: 'Remove redemption' })).toHaveCount(0);

    // the redemption is the service's, not the screen's: it survives a reload
    await redeem(page, '200');
    await expect(toBePaid(page)).toHaveText('₹4,392.20');
    await page.reload();
    await expect(toBePaid(page)).toHaveText('₹4,392.20');
  });

  test('bad input is refused next to its field and nothing typed is lost', async ({ page }) => {
    await openCart(page, 'cart_1001');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('12345');
    await page.getByRole('button', { name: 'Link customer' }).click();
    await expect(page.getByText('Enter a 10-digit phone number')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('12345');
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');

    const points = page.getByRole('textbox', { name: 'Loyalty points' });
    for (const [typed, message] of [
      ['', 'Enter the number of points to redeem'],
      ['0', 'Enter at least 1 point'],
      ['-3', 'Enter at least 1 point'],
      ['1.5', 'Enter the points as a whole number, like 500'],
    ]) {
      await redeem(page, typed!);
      await expect(points).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(message!)).toBeVisible();
      await expect(points).toHaveValue(typed!);
    }
    await expectNoAxeViolations(page);
  });

  test('each refusal of the service comes with its fix', async ({ page }) => {
    await openCart(page, 'cart_1002');
    const loyalty = page.getByRole('region', { name: 'Loyalty' });

    // no customer yet
    await redeem(page, '100');
    await expect(loyalty.getByRole('alert')).toContainText('Link a customer first');
    await loyalty.getByRole('button', { name: 'Go to Link a customer' }).click();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');

    // more than the cart's payable amount
    await redeem(page, '1200');
    await expect(loyalty.getByRole('alert')).toContainText('At most 948 points');
    await expectNoAxeViolations(page);
    await loyalty.getByRole('button', { name: 'Use 948' }).click();
    await expect(toBePaid(page)).toHaveText('₹0.00');
    await expect(loyalty).toContainText('Points redeemed948');

    // more than the customer has (948 of 1,500 are held by cart_1002)
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    await redeem(page, '1000');
    await expect(loyalty.getByRole('alert')).toContainText(
      'The customer has 552 points available.',
    );
    await loyalty.getByRole('button', { name: 'Use the 552 available' }).click();
    await expect(loyalty).toContainText('Points redeemed552');
    await expect(toBePaid(page)).toHaveText('₹4,040.20');

    // an unknown customer id
    await page.getByRole('button', { name: 'Change customer' }).click();
    await page.getByRole('radio', { name: 'ID' }).check();
    await page.getByRole('textbox', { name: 'Customer ID' }).fill('cus_missing');
    await page.getByRole('button', { name: 'Link this customer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change customer' }).click();
    await expect(page.getByText('No customer has this ID.')).toBeVisible();
  });

  test('changing the customer warns that the redemption goes', async ({ page }) => {
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await redeem(page, '1000');
    await expect(toBePaid(page)).toHaveText('₹3,592.20');
    await page.getByRole('button', { name: 'Change customer' }).click();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('9123456780');
    await page.getByRole('button', { name: 'Link this customer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the customer?' });
    await expect(dialog).toContainText('1,000 points');
    // a question that fits the screen starts on its first button
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Change customer' }).click();
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Vikram Shah');
    await expect(toBePaid(page)).toHaveText('₹4,592.20');
  });

  test("the Print key in the change-customer dialog is the browser's, and its paper is the receipt alone", async ({
    page,
  }) => {
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await redeem(page, '1000');
    await expect(toBePaid(page)).toHaveText('₹3,592.20');
    await page.getByRole('button', { name: 'Change customer' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('9123456780');
    await page.getByRole('button', { name: 'Link this customer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the customer?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Control+p');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    // what the browser's print of the page puts on paper
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('region', { name: 'Receipt', includeHidden: true })).toBeVisible();
    await expect(page.locator('[role="alertdialog"]')).toBeHidden();
    await expect(page.getByText('Change the customer?')).toBeHidden();
  });

  test('a double click on Redeem redeems once', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/loyalty-points')) {
        posts.push(request.url());
      }
    });
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    await setFault(page, 'Delay (ms)', 400);
    await page.getByRole('textbox', { name: 'Loyalty points' }).fill('1000');
    await page.getByRole('button', { name: 'Redeem', exact: true }).dblclick();
    // pending from the press: the read of the cart first, then the redemption
    await expect(
      page.getByRole('button', { name: /^(Checking the cart…|Redeeming…)$/ }),
    ).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Loyalty' })).toContainText(
      'Points redeemed1,000',
    );
    await expect(toBePaid(page)).toHaveText('₹3,592.20');
    expect(posts).toHaveLength(1);
    await page.reload();
    await expect(toBePaid(page)).toHaveText('₹3,592.20');
  });

  test('a server failure keeps the screen and what was typed, with a retry', async ({ page }) => {
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    await setFault(page, 'Fail next N requests (500)', 1);
    await redeem(page, '500');
    const loyalty = page.getByRole('region', { name: 'Loyalty' });
    await expect(loyalty.getByRole('alert')).toContainText('The service failed');
    await expect(page.getByRole('textbox', { name: 'Loyalty points' })).toHaveValue('500');
    await expect(page.getByRole('list', { name: 'Cart lines' })).toBeVisible();
    await loyalty.getByRole('button', { name: 'Try again' }).click();
    await expect(loyalty).toContainText('Points redeemed500');
    await expect(toBePaid(page)).toHaveText('₹4,092.20');
    // the message went with its Try again, which had focus: not dropped to the page
    await expect(page.getByRole('textbox', { name: 'Loyalty points' })).toBeFocused();
  });

  test('a dropped connection while linking keeps the form, with a retry', async ({ page }) => {
    await openCart(page, 'cart_1001');
    await setFault(page, 'Drop next N connections', 1);
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('textbox', { name: 'Email address' }).fill('asha@example.com');
    await page.getByRole('button', { name: 'Link customer' }).click();
    const customer = page.getByRole('region', { name: 'Customer' });
    await expect(customer.getByRole('alert')).toContainText('could not be reached');
    // Chrome took focus off the button while it was disabled: the failure has it now
    await expect(customer.locator(':focus')).toContainText('could not be reached');
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(
      'asha@example.com',
    );
    await customer.getByRole('button', { name: 'Try again' }).click();
    await expect(customer).toContainText('Asha Rao');
    await expect(page.getByRole('heading', { name: 'Customer' })).toBeFocused();
  });

  test('Print receipt prints a branded receipt without the screen chrome', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __prints: number };
      w.__prints = 0;
      window.print = () => {
        w.__prints += 1;
      };
    });
    await openCart(page, 'cart_1001');
    const printButton = page.getByRole('button', { name: 'Print receipt' });
    // focus never leaves the button while the cart is checked (a button drawn disabled for a
    // moment, before it was drawn pending, dropped it to the page)
    await printButton.evaluate((button) => {
      const w = window as unknown as { __focusLost: number };
      w.__focusLost = 0;
      button.addEventListener('blur', () => {
        if (document.activeElement === document.body || !document.activeElement) w.__focusLost++;
      });
    });
    await printButton.click();
    // the cart is read again first, then printed: once
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints))
      .toBe(1);
    await expect(printButton).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { __focusLost: number }).__focusLost),
    ).toBe(0);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText('Indigo Threads');
    await expect(receipt).toContainText('Stoneware Mug (White)');
    await expect(receipt).toContainText('To be paid₹4,592.20');
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(page.getByRole('list', { name: 'Cart lines' })).toBeHidden();

    // on an 80 mm roll (302 px): a long label wraps, its amount stays whole on one line (a minus
    // on one line and its figure on the next read as a charge), and a word longer than the
    // paper wraps rather than running off it
    await page.setViewportSize({ width: 302, height: 800 });
    const row = receipt.locator('dl > div').first();
    await row.locator('dt').evaluate((dt) => (dt.textContent = 'Coupon NEWYEAR2026SAVE20EXTRA'));
    await row.locator('dd').evaluate((dd) => (dd.textContent = '−₹1,23,500.00'));
    await receipt
      .locator('li p')
      .first()
      .evaluate((p) => (p.textContent = 'Handwoven'.repeat(10)));
    const fits = await receipt.evaluate((paper) => {
      const dd = paper.querySelector('dl > div > dd')!;
      // the lines its text is laid out on (the box itself is as tall as the wrapped label)
      const range = document.createRange();
      range.selectNodeContents(dd);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return {
        ddOneLine: tops.size === 1,
        ddInside: dd.getBoundingClientRect().right <= paper.getBoundingClientRect().right + 0.5,
        noOverflow: paper.scrollWidth <= paper.clientWidth,
      };
    });
    expect(fits).toEqual({ ddOneLine: true, ddInside: true, noOverflow: true });
  });

  test("the notice of a sign-in in another tab is not on the receipt's paper", async ({
    context,
    page,
  }) => {
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signInRemembered(page, 'demo-cashier-token', 'staff_01');
    await openCart(page, 'cart_1001');

    // the other tab: the same cashier signs in again, with a new token (the demo service is told
    // of it first, in the state both tabs' demo services read)
    const other = await context.newPage();
    await other.goto('/settings');
    await other.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('storefront-demo:state')!) as {
        revision: string;
        state: { tokens: Record<string, unknown> };
      };
      stored.state.tokens['demo-cashier-token-2'] = { role: 'staff', userId: 'staff_01' };
      stored.revision = 'e2e-new-token';
      localStorage.setItem('storefront-demo:state', JSON.stringify(stored));
      localStorage.setItem('storefront-demo:revision', stored.revision);
    });
    await signInRemembered(other, 'demo-cashier-token-2', 'staff_01');
    await other.close();

    // the same person (user ID) with a new token: signed in again
    const notice = page.getByText('Signed in again in another tab', { exact: true });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cart lines' })).toBeVisible();
    await page.getByRole('button', { name: 'Print receipt' }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('region', { name: 'Receipt' })).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toBeHidden();
  });

  test('works by keyboard alone, with targets of at least 44 px', async ({ page }) => {
    await openCart(page, 'cart_1001');
    await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText(
      'Go to Loyalty points',
    );
    // "c" goes to the customer form; Enter submits it
    await page.keyboard.press('c');
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeFocused();
    await page.keyboard.type('9876543210');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    // "l" goes to the loyalty field
    await page.keyboard.press('l');
    await expect(page.getByRole('textbox', { name: 'Loyalty points' })).toBeFocused();
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await expect(toBePaid(page)).toHaveText('₹3,592.20');
    // Tab reaches Remove redemption and Enter presses it
    const remove = page.getByRole('button', { name: 'Remove redemption' });
    for (
      let i = 0;
      i < 30 && !(await remove.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toBePaid(page)).toHaveText('₹4,592.20');

    const small = await page
      .getByRole('main')
      // a radio's or checkbox's target is its whole label (clicking it toggles the input)
      .locator(
        'button, input:not([type="radio"]):not([type="checkbox"]), a, label:has(input[type="radio"]), label:has(input[type="checkbox"])',
      )
      .evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => ({ el: el.outerHTML.slice(0, 80), r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.height < 44 || r.width < 44)
          .map(({ el }) => el),
      );
    expect(small).toEqual([]);
  });

  test('on a 375 px phone the cart fits the screen, before and after a customer is linked', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = () => sidewaysOverflow(page);
    await openCart(page, 'cart_1001');
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    // the widest figure a till may carry (the demo has none): the big To be paid wraps
    await toBePaid(page).evaluate((el) => (el.textContent = '₹12,34,56,789.99'));
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test('at 320 px (a wide screen zoomed to 400 %) nothing overlaps or runs off, and a tall question shows its start', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 256 });
    const overflow = () => sidewaysOverflow(page);
    // an id with no break in it (a database id) wraps in the heading and the not-found message
    await page.goto('/pos/carts/65f1c2a9e4b0a1d2c3f4e5a6');
    await expect(page.getByRole('alert')).toContainText('65f1c2a9e4b0a1d2c3f4e5a6');
    expect(await overflow()).toBeLessThanOrEqual(0);

    // every amount of a line whole in its own cell (two fixed columns ran ₹11,159.82 into the
    // next one), and the Cart ID field wide enough for an id
    await openCart(page, 'cart_1003');
    const clipped = await page
      .getByRole('list', { name: 'Cart lines' })
      .locator('dd')
      .evaluateAll((dds) =>
        dds.filter((dd) => dd.scrollWidth > dd.clientWidth).map((dd) => dd.textContent),
      );
    expect(clipped).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const cartField = page.getByRole('textbox', { name: 'Cart ID' });
    await cartField.fill('cart_1002');
    expect(await cartField.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // a dialog taller than the screen: focus on its title, at the top, not on a button below
    // what shows
    await openCart(page, 'cart_1001');
    await linkByPhone(page, '9876543210');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Asha Rao');
    // the redemption's box comes above the field: what has focus stays in view
    await page.getByRole('textbox', { name: 'Loyalty points' }).fill('500');
    await page.getByRole('textbox', { name: 'Loyalty points' }).press('Enter');
    await expect(
      page.getByRole('region', { name: 'Loyalty' }).getByText('Points redeemed'),
    ).toBeAttached();
    await expect(page.getByRole('textbox', { name: 'Loyalty points' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Loyalty points' })).toBeInViewport({
      ratio: 1,
    });
    await page.getByRole('button', { name: 'Change customer' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('9123456780');
    await page.getByRole('textbox', { name: 'Phone number' }).press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Change the customer?' });
    const title = dialog.getByRole('heading', { name: 'Change the customer?' });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    // Shift+Tab goes round to its last button, as from the first
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Change customer' })).toBeFocused();
    await title.focus();
    // Tab reaches its buttons, each brought into view
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('in high-contrast (forced colours) mode the chosen way to find a customer is marked', async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await openCart(page, 'cart_1001');
    const way = page.getByRole('group', { name: 'Find the customer by' });
    await way.getByRole('radio', { name: 'Email' }).check();
    // the label is what is painted (the radio itself is invisible over it): its text colour and
    // the first background that is not see-through, its own or an ancestor's
    const painted = (name: string) =>
      way.getByRole('radio', { name }).evaluate((radio) => {
        const label = radio.parentElement!;
        let el: Element | null = label;
        let background = 'none';
        for (; el; el = el.parentElement) {
          const bg = getComputedStyle(el).backgroundColor;
          if (bg !== 'transparent' && !/, 0\)$/.test(bg)) {
            background = bg;
            break;
          }
        }
        return `${background} ${getComputedStyle(label).color}`;
      });
    const chosen = await painted('Email');
    expect(chosen).not.toBe(await painted('Phone'));
    expect(chosen).not.toBe(await painted('ID'));
  });

  test('a customer account is told the POS is for staff (403)', async ({ page }) => {
    await signIn(page, 'asha');
    await page.goto('/pos/carts/cart_1001');
    await expect(page.getByText(/Customer accounts cannot use the POS terminal/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('signed out, a cart asks to sign in and comes back to the same cart (401)', async ({
  page,
}) => {
  await page.goto('/pos/carts/cart_1001');
  const main = page.getByRole('main');
  await expect(main.getByText('Sign in to continue')).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Sign in as Priya Nair/ }).click();
  await expect(page).toHaveURL(/\/pos\/carts\/cart_1001$/);
  await expect(toBePaid(page)).toHaveText('₹4,592.20');
});
