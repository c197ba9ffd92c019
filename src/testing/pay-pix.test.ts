// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { brCode, txidOf } from '../../demo/service/pix/br-code';
import { chargeIdOfBrCode } from './pay-pix';

describe('chargeIdOfBrCode', () => {
  it("reads the charge back from the sandbox's BR Code (its txid)", () => {
    const id = 'ch_3f9c0a1b2c3d4e5f60718293';
    const code = brCode({
      key: '12345678000195',
      amountCents: 12050,
      merchantName: 'Loja Exemplo',
      merchantCity: 'São Paulo',
      txid: txidOf(id),
    });
    expect(chargeIdOfBrCode(code)).toBe(id);
  });

  it('finds none in a code without a txid, or in text that is no EMV payload', () => {
    expect(chargeIdOfBrCode('000201010212520400005303986')).toBeUndefined();
    expect(chargeIdOfBrCode('not a code')).toBeUndefined();
    expect(chargeIdOfBrCode('')).toBeUndefined();
  });
});
