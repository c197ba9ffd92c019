import { describe, expect, it } from 'vitest';
import { BR_CODE, pendingPixCharge } from '../test-support/pix';
import { readPix } from './pix-charge';

const NO_PIX = 'The pending charge has no valid pix: ';

describe('readPix', () => {
  it("a pending charge's pix: the code and its expiry, nothing else", () => {
    const charge = pendingPixCharge(60);
    expect(readPix({ ...charge, pix: { ...charge.pix, extra: 1 } })).toEqual({
      qrCode: BR_CODE,
      expiresAt: '2026-11-24T15:01:00.000Z',
    });
    expect(readPix(pendingPixCharge(60, { qrCode: 'x'.repeat(512) }))).toMatchObject({
      qrCode: 'x'.repeat(512),
    });
  });

  it.each([
    ['no charge', undefined, 'pix must be an object'],
    ['no pix', { status: 'pending' }, 'pix must be an object'],
    ['pix: null', { pix: null }, 'pix must be an object'],
    ['pix: a string', { pix: BR_CODE }, 'pix must be an object'],
    [
      'an empty pix',
      { pix: {} },
      'pix.qrCode must be the BR Code, 1 to 512 characters; pix.expiresAt must be a date, e.g. 2026-11-24T15:30:00Z',
    ],
    [
      'an empty code',
      pendingPixCharge(60, { qrCode: '' }),
      'pix.qrCode must be the BR Code, 1 to 512 characters',
    ],
    [
      'a code longer than EMV allows',
      pendingPixCharge(60, { qrCode: 'x'.repeat(513) }),
      'pix.qrCode must be the BR Code, 1 to 512 characters',
    ],
    [
      'expiresAt not a date',
      pendingPixCharge(60, { expiresAt: 'tomorrow' }),
      'pix.expiresAt must be a date, e.g. 2026-11-24T15:30:00Z',
    ],
    [
      'expiresAt a number',
      { pix: { qrCode: BR_CODE, expiresAt: 1_700_000_000_000 } },
      'pix.expiresAt must be a date, e.g. 2026-11-24T15:30:00Z',
    ],
  ])('%s → what is wrong, by path', (_, charge, issues) => {
    expect(readPix(charge)).toBe(`${NO_PIX}${issues}`);
  });
});
