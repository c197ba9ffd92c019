import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { PIX_QR_QUIET_ZONE } from '../constants';
import { BR_CODE } from '../test-support/pix';
import { qrModules, qrPath } from './qr-svg';

/** The dark cells a path draws, as "x,y", read back from its `M x y h n v1 h-n z` rectangles. */
function cellsOf(path: string): Set<string> {
  const cells = new Set<string>();
  const drawn = path.replace(/M(\d+) (\d+)h(\d+)v1h-\3z/g, (_, x, y, run) => {
    for (let i = 0; i < Number(run); i++) cells.add(`${Number(x) + i},${y}`);
    return '';
  });
  expect(drawn).toBe(''); // nothing else in the path
  return cells;
}

/** The cells a matrix has dark, moved by the quiet zone. */
const darkCells = (modules: boolean[][], quiet: number) =>
  new Set(
    modules.flatMap((row, y) =>
      row.flatMap((dark, x) => (dark ? [`${x + quiet},${y + quiet}`] : [])),
    ),
  );

describe('qrPath', () => {
  it('draws each run of dark modules of a row as one rectangle, past the quiet zone', () => {
    const modules = [
      [true, true, false, true],
      [false, false, false, false],
      [true, false, true, true],
      [true, true, true, true],
    ];
    expect(qrPath(modules, 1)).toEqual({
      size: 6,
      path: 'M1 1h2v1h-2zM4 1h1v1h-1zM1 3h1v1h-1zM3 3h2v1h-2zM1 4h4v1h-4z',
    });
  });

  it('an empty matrix draws nothing', () => {
    expect(
      qrPath([
        [false, false],
        [false, false],
      ]),
    ).toEqual({ size: 10, path: '' });
  });

  it("the BR Code's path covers exactly the encoder's dark modules, in a 4-module quiet zone", () => {
    const modules = qrModules(BR_CODE);
    const { size, path } = qrPath(modules);
    expect(PIX_QR_QUIET_ZONE).toBe(4);
    expect(size).toBe(modules.length + 8);
    expect(cellsOf(path)).toEqual(darkCells(modules, 4));
  });
});

describe('qrModules', () => {
  it('is a square of a QR version (21 + 4k modules) with the three finder patterns', () => {
    const modules = qrModules(BR_CODE);
    const n = modules.length;
    expect((n - 21) % 4).toBe(0);
    expect(modules.every((row) => row.length === n)).toBe(true);
    // A finder's outer ring is dark: the top-left, top-right and bottom-left corners.
    for (const [x, y] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ] as const) {
      expect(modules[y]?.slice(x, x + 7)).toEqual(Array(7).fill(true));
      expect(modules[y + 1]?.slice(x, x + 7)).toEqual([
        true,
        false,
        false,
        false,
        false,
        false,
        true,
      ]);
    }
  });

  it('drawn from its path, the picture reads back as the BR Code (jsQR)', () => {
    const { size, path } = qrPath(qrModules(BR_CODE));
    const scale = 4;
    const width = size * scale;
    const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
    for (const cell of cellsOf(path)) {
      const [x, y] = cell.split(',').map(Number) as [number, number];
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = ((y * scale + dy) * width + x * scale + dx) * 4;
          pixels.fill(0, i, i + 3);
        }
    }
    expect(jsQR(pixels, width, width)?.data).toBe(BR_CODE);
  });

  it('throws on a text too long for any QR code (the step then reports it)', () => {
    expect(() => qrModules('x'.repeat(3000))).toThrow();
  });
});
