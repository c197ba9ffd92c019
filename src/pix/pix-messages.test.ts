import { describe, expect, it } from 'vitest';
import { LOCALES as DIALOG_LOCALES } from '../locale';
import { PIX_MESSAGES, pixText } from './pix-messages';

describe("the PIX step's words", () => {
  it('one complete catalogue per locale of the form, placeholders as in English', () => {
    expect(Object.keys(PIX_MESSAGES)).toEqual([...DIALOG_LOCALES]);
    const holes = (text: string) => text.match(/\{\w+\}/g) ?? [];
    const { en, ...others } = PIX_MESSAGES;
    for (const catalogue of Object.values(others)) {
      expect(Object.keys(catalogue)).toEqual(Object.keys(en));
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text, key).not.toBe('');
        expect(text, key).not.toBe(en[key as keyof typeof en]);
        expect(holes(text), key).toEqual(holes(en[key as keyof typeof en]));
      }
    }
  });

  it('the names shoppers (and the e2e) find the step by', () => {
    const t = pixText('en');
    expect([t('qrCode'), t('code'), t('copy'), t('newCode')]).toEqual([
      'PIX QR code',
      'PIX code',
      'Copy code',
      'Generate a new code',
    ]);
    expect(pixText('pt-BR')('expiresIn', { time: '04:59' })).toBe('O código expira em 04:59');
  });
});
