import type { Page } from '@playwright/test';
import { Budget, type FormOptions, findForm } from './waits';

export interface PayPixOptions extends FormOptions {
  /** The sandbox's API origin, e.g. `http://127.0.0.1:4010` (`npm run demo`). */
  apiBase: string;
  /** The secret key of the merchant whose charge it is (the sandbox's: `sk_test_sandbox`). */
  secretKey: string;
}

/** The charge as the sandbox answered once it was paid. */
export interface PaidPixCharge {
  id: string;
  status: string;
  [field: string]: unknown;
}

/** payPix's default timeout. */
export const PIX_TIMEOUT_MS = 30_000;

/** The fields of an EMV QR payload: two-digit id, two-digit length, value. */
function emvFields(text: string): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  for (let at = 0; at < text.length; ) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4))) return undefined;
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/**
 * The charge a sandbox BR Code pays: its txid (field 62, sub-field 05) is the charge id without
 * `ch_` (docs/sandbox-pix.md "The BR Code").
 */
export function chargeIdOfBrCode(code: string): string | undefined {
  const additional = emvFields(code)?.get('62');
  const txid = additional === undefined ? undefined : emvFields(additional)?.get('05');
  return txid && /^[A-Za-z0-9]+$/.test(txid) ? `ch_${txid}` : undefined;
}

/**
 * Pays the PIX code the form shows, as the shopper's bank would: reads the charge from the code
 * ("copia e cola") and calls the sandbox's QA route `POST /sandbox/charges/{id}/pix/pay` with the
 * merchant's secret key. Resolves with the paid charge once the sandbox answered; the form shows
 * the payment approved after its next `onPixStatus` read (every few seconds, 10 s apart at most):
 * assert on that, or await paymentOutcome(). Rejects after `timeout` (default 30 000 ms) if no
 * code showed or the sandbox did not answer, and at once if it refused.
 */
export async function payPix(page: Page, options: PayPixOptions): Promise<PaidPixCharge> {
  const budget = new Budget('payPix', options.timeout ?? PIX_TIMEOUT_MS);
  const form = await findForm(page, budget, options.within);
  const field = form.locator('input#pix-code');
  await budget.wait(
    'the PIX code (input#pix-code in <secure-checkout-form>): choose PIX and pay first',
    (timeout) => field.waitFor({ state: 'visible', timeout }),
  );
  const code = await field.inputValue({ timeout: budget.left() });
  const id = chargeIdOfBrCode(code);
  if (!id)
    throw budget.error(`found no charge id in the PIX code "${code}" (not a sandbox BR Code?)`);
  const url = `${options.apiBase.replace(/\/+$/, '')}/sandbox/charges/${id}/pix/pay`;
  const reply = await budget.wait(`the sandbox's answer to POST ${url}`, (timeout) =>
    page.request.post(url, {
      headers: { Authorization: `Basic ${btoa(`${options.secretKey}:`)}` },
      timeout,
    }),
  );
  const body: unknown = await reply.json().catch(() => undefined);
  if (!reply.ok()) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw budget.error(
      `was refused: the sandbox answered ${reply.status()} to POST ${url}${typeof message === 'string' ? `: ${message}` : ''}`,
    );
  }
  return body as PaidPixCharge;
}
