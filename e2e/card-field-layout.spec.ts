import { expect, test } from '@playwright/test';
import { cardForm } from './support';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

for (const width of [1280, 340]) {
  test(`the brand badge sits in the number box, clear of its error text (${width} px wide)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/widget.html');
    const form = cardForm(page);
    const number = form.getByLabel('Card number');
    await number.fill('4111 1111 1111 1112'); // a Visa number that fails the Luhn check
    await number.blur();
    const error = form.getByText('Enter a valid card number.');
    const badge = form.getByText('Visa', { exact: true });
    await expect(error).toBeVisible();
    await expect(badge).toBeVisible();
    await form
      .locator('.field.number')
      .screenshot({ path: testInfo.outputPath(`number-field-${width}.png`) });
    const box = async (locator: typeof badge) => (await locator.boundingBox()) as Box;
    const [badgeBox, errorBox, inputBox] = [await box(badge), await box(error), await box(number)];
    expect(intersects(badgeBox, errorBox)).toBe(false);
    expect(inside(badgeBox, inputBox)).toBe(true);
  });
}
