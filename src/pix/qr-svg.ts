/**
 * The PIX QR code as one SVG path, drawn here from the BR Code: no image to fetch, nothing for a
 * CSP or Trusted Types to refuse. lean-qr's "nano" build encodes (the smallest of the encoders
 * measured: README.md, "Dependencies, and why").
 */
import { correction, generate } from 'lean-qr/nano';
import { PIX_QR_QUIET_ZONE } from '../constants';

/** Rows of modules, `true` dark: the code at error correction M (or higher, where it fits). */
export function qrModules(text: string): boolean[][] {
  const code = generate(text, { minCorrectionLevel: correction.M });
  return Array.from({ length: code.size }, (_, y) =>
    Array.from({ length: code.size }, (_, x) => code.get(x, y)),
  );
}

export interface QrDrawing {
  /** The `viewBox` side: the modules and the quiet zone on each side. */
  size: number;
  /** One rectangle per run of dark modules in a row: `M{x} {y}h{run}v1h-{run}z`. */
  path: string;
}

export function qrPath(modules: boolean[][], quiet = PIX_QR_QUIET_ZONE): QrDrawing {
  let path = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      const run = x - start + 1;
      path += `M${start + quiet} ${y + quiet}h${run}v1h-${run}z`;
    }
  });
  return { size: modules.length + 2 * quiet, path };
}
