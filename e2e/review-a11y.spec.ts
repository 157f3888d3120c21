import { expect, signIn, test } from './fixtures';

test.describe('review-a11y', () => {
  test('ticking "Return this item" by keyboard keeps the checkbox in view (no scroll-anchoring jump)', async ({
    page,
  }) => {
    // a phone; the same jump happens on a desktop window whenever the line's top is scrolled away
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
