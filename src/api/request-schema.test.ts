import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors';
import { validateAuthenticateRequest } from './request-schema';

// "Today" is 15 June 2030 (local time) in every test here.
const TODAY = new Date(2030, 5, 15, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => {
  vi.useRealTimers();
});

const valid = () => ({
  amount: 10.5,
  currency: 'BRL',
  card: {
    number: '4111111111111111',
    expirationMonth: '12',
    expirationYear: '2032',
    holderName: 'Ana Silva',
  },
});

type Request = ReturnType<typeof valid>;
const withCard = (card: Partial<Request['card']>) => ({
  ...valid(),
  card: { ...valid().card, ...card },
});

/** The error thrown for `input`, checked to be `invalid_input`. */
function invalid(input: unknown): CheckoutError {
  let caught: unknown;
  try {
    validateAuthenticateRequest(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(CheckoutError);
  expect(caught).toMatchObject({ code: 'invalid_input' });
  return caught as CheckoutError;
}

const pathsOf = (error: CheckoutError) => (error.issues ?? []).map((issue) => issue.path);

function expectOnlyIssueAt(input: unknown, path: string) {
  const error = invalid(input);
  expect(new Set(pathsOf(error))).toEqual(new Set([path]));
  for (const issue of error.issues ?? []) expect(issue.message).not.toBe('');
}

describe('validateAuthenticateRequest: valid requests', () => {
  it('returns a valid request unchanged', () => {
    expect(validateAuthenticateRequest(valid())).toEqual(valid());
  });

  it('strips spaces from the number and trims the holder name', () => {
    const result = validateAuthenticateRequest(
      withCard({ number: ' 4111 1111 1111 1111 ', holderName: '  Ana Silva  ' }),
    );
    expect(result.card.number).toBe('4111111111111111');
    expect(result.card.holderName).toBe('Ana Silva');
  });

  it.each([1, 10.5, 1_000_000])('accepts amount %s', (amount) => {
    expect(validateAuthenticateRequest({ ...valid(), amount }).amount).toBe(amount);
  });

  it.each(['BRL', 'USD'])('accepts currency %s', (currency) => {
    expect(validateAuthenticateRequest({ ...valid(), currency }).currency).toBe(currency);
  });

  it.each([
    '4111111111111111',
    '5555555555554444',
    '378282246310005',
    '411111111117',
    '4111111111111111110',
  ])('accepts card number %s', (number) => {
    expect(validateAuthenticateRequest(withCard({ number })).card.number).toBe(number);
  });

  it.each(['01', '06', '09', '10', '12'])('accepts month %s', (expirationMonth) => {
    expect(() => validateAuthenticateRequest(withCard({ expirationMonth }))).not.toThrow();
  });

  it('drops unknown fields', () => {
    const result = validateAuthenticateRequest({ ...valid(), cvv: '123', extra: 1 });
    expect(result).toEqual(valid());
  });
});

describe('validateAuthenticateRequest: each field', () => {
  it.each([0, 0.99, -5, Number.NaN, Number.POSITIVE_INFINITY, '10', null, undefined])(
    'rejects amount %s',
    (amount) => {
      expectOnlyIssueAt({ ...valid(), amount }, 'amount');
    },
  );

  it.each(['brl', 'BR', 'BRLX', 'XYZ', '', 986, undefined])('rejects currency %s', (currency) => {
    expectOnlyIssueAt({ ...valid(), currency }, 'currency');
  });

  it.each([
    ['11 digits', '41111111112'],
    ['20 digits', '41111111111111111115'],
    ['letters', '4111a11111111111'],
    ['Luhn failure', '4111111111111112'],
    ['dashes', '4111-1111-1111-1111'],
    ['empty', ''],
    ['a number, not a string', 4111111111111111],
  ])('rejects card number: %s', (_what, number) => {
    expectOnlyIssueAt(withCard({ number: number as string }), 'card.number');
  });

  it.each(['1', '13', '00', '1a', '012', ' 1', '', 12])('rejects month %s', (expirationMonth) => {
    expectOnlyIssueAt(
      withCard({ expirationMonth: expirationMonth as string }),
      'card.expirationMonth',
    );
  });

  it.each(['30', '20300', '203a', '', 2032])('rejects year %s', (expirationYear) => {
    expectOnlyIssueAt(
      withCard({ expirationYear: expirationYear as string }),
      'card.expirationYear',
    );
  });

  it.each(['', '   ', '\t\n', undefined])('rejects holder name %j', (holderName) => {
    expectOnlyIssueAt(withCard({ holderName: holderName as string }), 'card.holderName');
  });
});

describe('validateAuthenticateRequest: expiry (today is 15 June 2030)', () => {
  it('accepts a card expiring this month', () => {
    expect(() =>
      validateAuthenticateRequest(withCard({ expirationMonth: '06', expirationYear: '2030' })),
    ).not.toThrow();
  });

  it('rejects a card that expired last month', () => {
    expectOnlyIssueAt(
      withCard({ expirationMonth: '05', expirationYear: '2030' }),
      'card.expirationYear',
    );
  });

  it('rejects a card that expired in December of last year', () => {
    const error = invalid(withCard({ expirationMonth: '12', expirationYear: '2029' }));
    expect(error.issues?.[0]?.message).toMatch(/expired/i);
  });

  it('follows the clock: the same card expires on 1 July', () => {
    const card = withCard({ expirationMonth: '06', expirationYear: '2030' });
    vi.setSystemTime(new Date(2030, 5, 30, 23, 59, 59));
    expect(() => validateAuthenticateRequest(card)).not.toThrow();
    vi.setSystemTime(new Date(2030, 6, 1, 0, 0, 1));
    expectOnlyIssueAt(card, 'card.expirationYear');
  });

  it('reports expiry together with other card issues', () => {
    const error = invalid({
      ...valid(),
      card: {
        ...valid().card,
        number: '4111111111111112',
        expirationMonth: '01',
        expirationYear: '2020',
      },
    });
    expect(new Set(pathsOf(error))).toEqual(new Set(['card.number', 'card.expirationYear']));
  });
});

describe('validateAuthenticateRequest: whole request', () => {
  it('lists every bad field at once, each with its path', () => {
    const error = invalid({
      amount: 0,
      currency: 'brl',
      card: { number: '1234', expirationMonth: '13', expirationYear: '30', holderName: ' ' },
    });
    expect(new Set(pathsOf(error))).toEqual(
      new Set([
        'amount',
        'currency',
        'card.number',
        'card.expirationMonth',
        'card.expirationYear',
        'card.holderName',
      ]),
    );
    for (const path of pathsOf(error)) expect(error.message).toContain(path);
  });

  it('lists every missing card field', () => {
    const error = invalid({ ...valid(), card: {} });
    expect(new Set(pathsOf(error))).toEqual(
      new Set(['card.number', 'card.expirationMonth', 'card.expirationYear', 'card.holderName']),
    );
  });

  it('rejects a missing card', () => {
    const { card: _card, ...rest } = valid();
    expectOnlyIssueAt(rest, 'card');
  });

  it.each([
    ['a card that is a string', '4111111111111111'],
    ['a null card', null],
  ])('rejects %s', (_what, card) => {
    expectOnlyIssueAt({ ...valid(), card }, 'card');
  });

  it.each([null, undefined, 'request', 42, []])('rejects a non-object request %j', (input) => {
    const error = invalid(input);
    expect(error.issues?.length).toBeGreaterThan(0);
  });

  it('names the failing fields in the message but never the card number', () => {
    const error = invalid(withCard({ number: '4111111111111112' }));
    expect(error.message).toContain('card.number');
    expect(error.message).not.toContain('4111111111111112');
    expect(JSON.stringify(error.issues)).not.toContain('4111111111111112');
  });
});
