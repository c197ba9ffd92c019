/** The `pix` of a pending charge, checked before anything is drawn from it. */

import type { Same } from '../api/schemas';
import { type Check, type Checked, object, rule } from '../checks';
import { MAX_PIX_CODE_LENGTH } from '../constants';
import type { InputIssue } from '../errors';
import type { PixCode } from '../types';

export const pixSchema = object({
  qrCode: rule<string>(
    (code) => typeof code === 'string' && code !== '' && code.length <= MAX_PIX_CODE_LENGTH,
    `must be the BR Code, 1 to ${MAX_PIX_CODE_LENGTH} characters`,
  ),
  expiresAt: rule<string>(
    (at) => typeof at === 'string' && !Number.isNaN(Date.parse(at)),
    'must be a date, e.g. 2026-11-24T15:30:00Z',
  ),
}) satisfies Check<PixCode>;

// The schema and the public type must describe the same shape: a drift fails the typecheck.
const schemaMatchesType: Same<Checked<typeof pixSchema>, PixCode> = true;
void schemaMatchesType;

/** The charge's `pix`, or what is wrong with it (for onError: the merchant's setup). */
export function readPix(charge: unknown): PixCode | string {
  const issues: InputIssue[] = [];
  const pix = pixSchema(Object(charge).pix, 'pix', issues);
  return issues.length
    ? `The pending charge has no valid pix: ${issues.map((issue) => issue.message).join('; ')}`
    : pix;
}
