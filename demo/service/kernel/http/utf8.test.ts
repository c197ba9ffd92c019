// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decodeMarked, MARK, percentDecode, utf8 } from './utf8';

describe('UTF-8 as the text check reads it', () => {
  it('percent-decodes bytes, leaving a % that is no escape', () => {
    expect([...percentDecode('a%00%ff%C3%A9%')]).toEqual([0x61, 0, 0xff, 0xc3, 0xa9, 0x25]);
    expect([...percentDecode('é😀')]).toEqual([0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]);
  });

  it('tells UTF-8 from what is not, and marks where it is not', () => {
    expect(utf8(Uint8Array.from([0xc3, 0xa9]))).toBe('é');
    for (const bad of [
      [0xff],
      [0xc3, 0x28],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      expect(utf8(Uint8Array.from(bad))).toBeUndefined();
    }
    const marked = decodeMarked(
      Uint8Array.from([0x61, 0xff, 0x62, 0xc3, 0x28, 0xf0, 0x9f, 0x98, 0x80]),
    );
    expect(marked).toBe(`a${MARK}b${MARK}(😀`);
  });
});
