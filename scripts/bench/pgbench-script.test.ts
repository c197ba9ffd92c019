import { describe, expect, it } from 'vitest';
import { toPgbenchScript } from './pgbench-script';
import type { CapturedStatement } from './sql-capture';

const s = (value: string) => ({ type: 'string' as const, text: value });

/** One charge's shape: the merged begin with its lock, two statements, commit, one after. */
const capture = (id: string, email: string, lock: number): CapturedStatement[] => [
  { text: `begin; select pg_advisory_xact_lock(${lock})`, values: [], named: false },
  {
    text: 'insert into customers (id, merchant_id, email, note) values ($1, $2, $3, $4)',
    values: [s(`cus_${id}`), s('m_1'), s(email), { type: 'null', text: null }],
    named: true,
  },
  {
    text: 'insert into charges (id, customer_id, meta, amount, label) values ($1, $2, $3, $4, $5)',
    values: [
      s(`ch_${id}`),
      s(`cus_${id}`),
      s(`{"a":"${id}"}`),
      { type: 'number', text: '120' },
      s(''),
    ],
    named: true,
  },
  { text: 'commit', values: [], named: false },
  {
    text: 'insert into log (id, merchant_id) values ($1, $2)',
    values: [s(`req_${id}`), s('m_1')],
    named: true,
  },
];

describe('toPgbenchScript', () => {
  const first = capture('aaa', 'a@example.com', 111);
  const second = capture('bbb', 'b@example.com', 222);
  const { script, defines, varied } = toPgbenchScript(first, second);

  it('varies what differed between the two requests, one variable per value', () => {
    // cus_, e-mail, ch_, req_ and the lock's key.
    expect(varied).toBe(5);
    expect(script).toContain('(:c1 || :r2), :c2, (:c3 || :r3), null');
    expect(script).toContain("values ((:c4 || :r4), (:c1 || :r2), :c5, :c6, '')");
    expect(script.match(/^\\set r\d+ random\(/gm)).toHaveLength(5);
  });

  it('keeps constants out of the SQL text, as -D definitions; JSON stays as recorded', () => {
    expect(defines).toMatchObject({
      c1: 'cus_aaa',
      c2: 'm_1',
      c3: 'a@example.com',
      c5: '{"a":"aaa"}',
      c6: '120',
    });
    expect(script).not.toContain('{"a"');
  });

  it('sends the merged begin and its lock in one pipeline, then commit, then the log', () => {
    const body = script.split('\n').filter((line) => !line.startsWith('\\set'));
    expect(body.slice(0, 4)).toEqual([
      '\\startpipeline',
      'begin;',
      'select pg_advisory_xact_lock(:r1);',
      '\\endpipeline',
    ]);
    expect(body.at(-3)).toBe('commit;');
    expect(body.at(-2)).toBe('insert into log (id, merchant_id) values ((:c7 || :r5), :c2);');
  });

  it('leaves out a statement only one of the two requests sent', () => {
    const extra = { text: 'select 1 where $1 = $1', values: [s('x')], named: true };
    const out = toPgbenchScript(
      [first[0], extra, ...first.slice(1)] as CapturedStatement[],
      second,
    );
    expect(out.script).not.toContain('select 1');
    expect(out.dropped).toBe(1);
    expect(out.statements).toHaveLength(first.length);
    expect(out.script).toBe(script);
  });
});
