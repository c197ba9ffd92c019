// @vitest-environment node
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { escapeControls, escapingLog } from './service/kernel/log';
import { useSandbox } from './testing/sandbox';

describe('escapeControls', () => {
  it('writes every control character as an escape, and leaves the rest alone', () => {
    expect(escapeControls('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(escapeControls('\u0000\u0007\u001b[31m\u007f')).toBe('\\x00\\x07\\x1b[31m\\x7f');
    expect(escapeControls('\u0085\u009b')).toBe('\\x85\\x9b');
    expect(escapeControls('\u2028\u2029\u202e')).toBe('\\u2028\\u2029\\u202e');
    expect(escapeControls('/v1/charges/ch_1 café ação 💳 \\n')).toBe(
      '/v1/charges/ch_1 café ação 💳 \\n',
    );
  });

  it('escapingLog hands the sink the escaped line', () => {
    const lines: string[] = [];
    escapingLog((line) => lines.push(line))('x\ny');
    expect(lines).toEqual(['x\\ny']);
  });
});

/** Sends `path` byte for byte (fetch would re-encode it); resolves with the status. */
const rawGet = (origin: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

describe('the sandbox log, through HTTP', () => {
  const lines: string[] = [];
  const t = useSandbox({ log: (line) => lines.push(line) });
  /** What a terminal shows: the lines printed one after another. */
  const printed = () => lines.join('\n').split('\n');

  it('a path that forges a line gives one line, the forgery visible as escapes', async () => {
    const forged = '/x%0a%5Bsandbox%5D%20api%20POST%20/sandbox/reset%20200%201ms';
    for (const [name, origin] of [
      ['api', t.sandbox.apiUrl],
      ['3ds', t.sandbox.threeDsUrl],
      ['demo', t.sandbox.demoUrl],
    ] as const) {
      lines.length = 0;
      expect(await rawGet(origin, forged)).toBeGreaterThanOrEqual(400);
      expect(printed()).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${name} GET /x\\\\n\\[sandbox\\] api POST /sandbox/reset 200 1ms 4\\d\\d \\d+ms$`,
          ),
        ),
      ]);
    }
  });

  it('raw NUL and other control bytes in a path reach the log escaped', async () => {
    lines.length = 0;
    await rawGet(t.sandbox.apiUrl, '/y%00%1b[2J%0d%09%c2%85%e2%80%a8');
    expect(printed()).toHaveLength(1);
    expect(lines[0]).toMatch(/^api GET \/y\\x00\\x1b\[2J\\r\\t\\x85\\u2028 \d{3} \d+ms$/);
    // Nothing below a space, DEL or C1 is printed as is.
    expect(lines[0]).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
  });
});
