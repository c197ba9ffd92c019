/**
 * PIX in the drop-in, for every engine (scenarios.ts lists it): the step loads from its own file
 * with the pinned hash, the QR the form drew decodes to the charge's code, QA pays it, the form
 * says approved. The QR is decoded from the path the page holds, drawn here module by module
 * (jsQR); Chromium's Playwright test also decodes a screenshot of it (e2e/pix.spec.ts).
 */
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { expectClean, expectNoticeFocused, type ScenarioContext, waitFor } from './steps';

/** Pixels per module: enough for jsQR to find the finder patterns. */
const SCALE = 4;

/** The path `M{x} {y}h{run}v1h-{run}z…` of a `size`-module square, as RGBA pixels. */
export function rasterise(path: string, size: number): { data: Uint8ClampedArray; side: number } {
  const side = size * SCALE;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dx = 0; dx < Number(run) * SCALE; dx++) {
      for (let dy = 0; dy < SCALE; dy++) {
        const offset = ((Number(y) * SCALE + dy) * side + Number(x) * SCALE + dx) * 4;
        data.fill(0, offset, offset + 3);
      }
    }
  }
  return { data, side };
}

interface ShownCode {
  code: string;
  path: string;
  size: number;
  label: string;
  width: number;
}

export async function payByPix(ctx: ScenarioContext): Promise<void> {
  const { driver } = ctx;
  await driver.open('/widget.html?paymentMethods=card,pix');
  await waitFor(
    driver,
    'the PIX choice',
    () =>
      Boolean(
        window.engineProbe &&
          document.querySelector('secure-checkout-form')?.shadowRoot?.querySelector('.methods'),
      ),
    null,
  );
  await driver.click({ in: 'form', selector: '.methods button:last-child' });
  await driver.click({ in: 'form', selector: 'button[type="submit"]' });
  const shown = await waitFor(driver, 'the PIX code', shownCodeInPage, null, 20_000);
  assert.equal(shown.label, 'PIX QR code');
  assert.ok(shown.width > 100, `the QR is drawn (${shown.width} px wide)`);
  const chargeId = await driver.evaluate(
    () => document.getElementById('charge-id')?.textContent ?? '',
    null,
  );
  const charge = await driver.evaluate(
    (id) => fetch(`/merchant/charges/${id}`).then((reply) => reply.json()),
    chargeId,
  );
  assert.equal(shown.code, (charge as { pix: { qrCode: string } }).pix.qrCode);
  const { data, side } = rasterise(shown.path, shown.size);
  assert.equal(jsQR(data, side, side)?.data, shown.code, 'the QR decodes to the code');

  await driver.click({ in: 'page', selector: '#pix-pay' });
  await waitFor(
    driver,
    'the payment seen by onPixStatus',
    () => document.getElementById('charge-status')?.textContent === 'paid',
    null,
    20_000,
  );
  await waitFor(
    driver,
    'the form approving',
    () =>
      document.querySelector('secure-checkout-form')?.shadowRoot?.querySelector('[role="status"]')
        ?.textContent,
    null,
    20_000,
  );
  await expectNoticeFocused(driver, 'Payment approved. Thank you!');
  const events = await driver.evaluate(
    () => [...document.querySelectorAll('#charge-events li')].map((li) => li.textContent),
    null,
  );
  assert.deepEqual(events.slice(0, 2), ['charge.created', 'charge.pending']);
  await expectClean(driver);
}

/** The code the step shows, once it shows one (run in the page). */
function shownCodeInPage(): ShownCode | null {
  const root = document.querySelector('secure-checkout-form')?.shadowRoot;
  const svg = root?.querySelector('svg[role="img"]');
  const input = root?.querySelector<HTMLInputElement>('#pix-code');
  if (!svg || !input?.value) return null;
  return {
    code: input.value,
    path: svg.querySelector('path')?.getAttribute('d') ?? '',
    size: Number(svg.getAttribute('viewBox')?.split(' ')[2]),
    label: svg.getAttribute('aria-label') ?? '',
    width: svg.getBoundingClientRect().width,
  };
}
