/**
 * fast-check arbitraries of what the service may answer, for the hostile-world fuzz suites: the
 * spec's bodies (built from the schemas' enums), the same with one member broken, and answers
 * that are not the spec's at all. The shapes are plain data too, so a test can judge an answer
 * without zod. Test support only: never imported by the library.
 */
import fc from 'fast-check';
import { AUTHENTICATE_STATUSES, CHALLENGE_STATES, OUTCOMES, SUBMIT_STATUSES } from '../api/schemas';

/** One member of a body as the service's API reference lists it (docs/protocol.md). */
export interface Field {
  name: string;
  type: 'string' | 'number';
  optional?: boolean;
  values?: readonly string[];
  url?: boolean;
}
export type Shape = readonly Field[];
export type Endpoint = 'authenticate' | 'submit' | 'challengeResult';

const text = (name: string, more: Partial<Field> = {}): Field => ({
  name,
  type: 'string',
  ...more,
});
const urlField = (name: string) => text(name, { optional: true, url: true });
const outcome = text('outcome', { optional: true, values: OUTCOMES });

export const SHAPES: Record<Endpoint | 'error', Shape> = {
  authenticate: [
    text('authenticationId'),
    text('status', { values: AUTHENTICATE_STATUSES }),
    urlField('fingerprintingUrl'),
    urlField('challengeUrl'),
    outcome,
  ],
  submit: [
    text('authenticationId'),
    text('status', { values: SUBMIT_STATUSES }),
    urlField('challengeUrl'),
    outcome,
  ],
  challengeResult: [
    text('type'),
    text('state', { values: CHALLENGE_STATES }),
    ...[
      'cryptogram',
      'directoryServerTransactionId',
      'threeDsServerTransactionId',
      'acsTransactionId',
      'eci',
      'version',
    ].map((name) => text(name)),
  ],
  error: [
    { name: 'statusCode', type: 'number' },
    text('message'),
    text('error', { optional: true }),
  ],
};

/** The oracle: does `value` have the shape's members, of the spec's types and enum values? */
export function conforms(value: unknown, shape: Shape): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return shape.every(({ name, type, optional, values }) => {
    const member = Object.hasOwn(record, name) ? record[name] : undefined;
    if (member === undefined) return optional === true;
    if (typeof member !== type) return false;
    if (type === 'number' && !Number.isFinite(member)) return false;
    return values === undefined || values.includes(member as string);
  });
}

/** The shape's members of `value`, as a parser that drops unknown members returns them. */
export const known = (value: Record<string, unknown>, shape: Shape): Record<string, unknown> =>
  Object.fromEntries(
    shape.filter((f) => value[f.name] !== undefined).map((f) => [f.name, value[f.name]]),
  );

/** Up to 1 MiB: big enough to hurt a careless parser, rare enough to keep the suite fast. */
const huge = fc.integer({ min: 1, max: 64 }).map((n) => 'x'.repeat(n * 16_384));

export const anyString = fc.oneof(
  { weight: 40, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  { weight: 10, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\ud800',
      '<img src=x onerror=alert(1)>',
      '__proto__',
    ),
  },
  { weight: 1, arbitrary: huge },
);

/** Origins the fuzz may serve frames from: `https:`, and `http:` on localhost (the sandbox). */
export const SAFE_ORIGINS = [
  'https://acs.example',
  'https://3ds.bank.example:8443',
  'http://localhost:4011',
];

export const safeUrl = fc
  .tuple(fc.constantFrom(...SAFE_ORIGINS), fc.webSegment(), fc.webQueryParameters())
  .map(([origin, segment, query]) => `${origin}/${segment}${query && `?${query}`}`);

/** Strings a service URL must never be, each refused with `insecure_url` before rendering. */
export const HOSTILE_URLS = [
  'javascript:alert(document.domain)',
  ' JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'blob:https://acs.example/5f0c3a1e-0000-4000-8000-000000000000',
  'blob:null/5f0c3a1e',
  'http://acs.example/challenge',
  'http://10.0.0.1/fp',
  'http://localhost.evil.example/x',
  '/v1/three-ds/fingerprint',
  'challenge.html',
  '//evil.example/x',
  '\\\\evil.example\\x',
  'https://user:pass@acs.example/x',
  'file:///etc/passwd',
  'about:blank',
  '',
];

export const isSafeUrl = (value: unknown): boolean =>
  typeof value === 'string' && SAFE_ORIGINS.some((origin) => value.startsWith(`${origin}/`));

export const urlValue = fc.oneof(
  { weight: 8, arbitrary: safeUrl },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URLS) },
  { weight: 1, arbitrary: anyString },
);

const extraKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'prototype'),
);

/** Arbitraries that replace the default ones of some members; those members are always set. */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

const defaultValue = (f: Field): fc.Arbitrary<unknown> => {
  if (f.values) return fc.constantFrom(...f.values);
  if (f.url) return urlValue;
  return f.type === 'number' ? fc.integer({ min: 100, max: 599 }) : anyString;
};

/** A body the spec allows, with unknown members on top (a newer service may add some). */
export function validBody(
  shape: Shape,
  overrides: Overrides = {},
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    shape.map((f) => [f.name, overrides[f.name] ?? defaultValue(f)]),
  );
  const requiredKeys = shape.filter((f) => !f.optional || f.name in overrides).map((f) => f.name);
  const names = new Set(shape.map((f) => f.name));
  const extraKeys = extraKey.filter((k) => !names.has(k));
  const extra = fc.dictionary(extraKeys, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  return fc
    .tuple(fc.record(model, { requiredKeys }), extra)
    .map(([body, more]) => ({ ...more, ...body }));
}

const ALL_ENUM_VALUES = [...new Set([...AUTHENTICATE_STATUSES, ...OUTCOMES, ...CHALLENGE_STATES])];
const DELETE = Symbol('delete');

/** A value of the wrong kind for `field`: another type, or an enum value the spec does not list. */
const brokenValue = (field: Field): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }),
    fc.object({ maxDepth: 1 }),
    field.values
      ? fc.oneof(
          fc.constantFrom(...field.values).map((v) => v.toUpperCase()),
          fc.constantFrom(...field.values).map((v) => ` ${v}`),
          fc.constantFrom(...field.values).map((v) => v.replace('_', '-')),
          fc.constantFrom(...ALL_ENUM_VALUES),
          anyString,
        )
      : field.type === 'number'
        ? fc.oneof(fc.string(), fc.double())
        : anyString,
  );

/** A valid body with one member removed or replaced, or the whole body wrapped. */
export function nearlyValid(shape: Shape, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  const oneMember = fc
    .constantFrom(...shape)
    .chain((field) =>
      fc.tuple(
        validBody(shape, overrides),
        fc.constant(field.name),
        fc.oneof(fc.constant<unknown>(DELETE), brokenValue(field)),
      ),
    )
    .map(([body, name, value]) => {
      const copy: Record<string, unknown> = { ...body };
      if (value === DELETE) delete copy[name];
      else copy[name] = value;
      return copy;
    });
  const wrapped = validBody(shape, overrides).chain((body) =>
    fc.constantFrom<unknown>([body], { data: body }, JSON.stringify(body), { body }),
  );
  return fc.oneof({ weight: 9, arbitrary: oneMember }, { weight: 1, arbitrary: wrapped });
}

/** Text that is not the shape's JSON: other JSON, no JSON, cut-off JSON, prefixed JSON. */
export function notTheSpec(shape: Shape): fc.Arbitrary<string | Uint8Array> {
  const json = validBody(shape).map((body) => JSON.stringify(body));
  return fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.uint8Array({ maxLength: 64 }),
    json.chain((t) => fc.nat(t.length - 1).map((n) => t.slice(0, n))),
    json.map((t) => `\ufeff${t}`),
    json.map((t) => `)]}',\n${t}`),
    json.map((t) => `${t}${t}`),
    fc.constantFrom('', 'null', 'true', '[]', '{}', 'undefined', 'NaN', '<h1>502 Bad Gateway</h1>'),
  );
}

/** One HTTP answer of the fake service. */
export interface Reply {
  status: number;
  body: string | Uint8Array | null;
  contentType?: string;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/problem+json',
];

/** What the service labels its JSON with: the client takes a 2xx body only under one of these. */
export const jsonContentType = fc.constantFrom(...JSON_TYPES);

/** Any label, none included (a string body is then `text/plain`): a 2xx under another → bad_response. */
export const contentType = fc.option(
  fc.constantFrom(
    ...JSON_TYPES,
    'text/html; charset=utf-8',
    'text/plain',
    'application/octet-stream',
  ),
  { nil: undefined },
);

export const okStatus = fc.constantFrom(200, 200, 200, 200, 201, 202, 203, 206, 299);
export const errorStatus = fc.oneof(
  fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504),
  fc.integer({ min: 400, max: 599 }),
);

export const reply = (
  status: fc.Arbitrary<number>,
  body: fc.Arbitrary<unknown>,
  type: fc.Arbitrary<string | undefined> = contentType,
): fc.Arbitrary<Reply> =>
  fc.record({
    status,
    body: body.map((b) =>
      typeof b === 'string' || b instanceof Uint8Array ? b : JSON.stringify(b),
    ),
    contentType: type,
  });

/** An error answer: the spec's error body, a broken one, or anything else. */
export const errorReply = reply(
  errorStatus,
  fc.oneof(validBody(SHAPES.error), nearlyValid(SHAPES.error), notTheSpec(SHAPES.error)),
);

/** Any answer for one step of the flow, valid most of the time so the flow goes on. */
export const stepReply = (shape: Shape, overrides: Overrides = {}): fc.Arbitrary<Reply> =>
  fc.oneof(
    { weight: 12, arbitrary: reply(okStatus, validBody(shape, overrides), jsonContentType) },
    { weight: 4, arbitrary: reply(okStatus, nearlyValid(shape, overrides)) },
    { weight: 1, arbitrary: reply(okStatus, notTheSpec(shape)) },
    { weight: 1, arbitrary: errorReply },
  );

export const toResponse = ({ status, body, contentType: type }: Reply): Response =>
  new Response(body as BodyInit | null, { status, headers: type ? { 'Content-Type': type } : {} });

/** Whether the client takes a 2xx body under this label (none, for a string body, is text/plain). */
export const isJsonLabel = (type: string | undefined): boolean => JSON_TYPES.includes(type ?? '');

/** What a browser's fetch makes of the body: UTF-8 decoded (BOM dropped), then JSON or not. */
export function parsedAsTheClientSees(
  body: Reply['body'],
): { json: true; value: unknown } | { json: false } {
  const bytes =
    typeof body === 'string' ? new TextEncoder().encode(body) : (body ?? new Uint8Array());
  try {
    return { json: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { json: false };
  }
}

/** The README's table: HTTP status → `CheckoutError.code`. */
export const codeForStatus = (status: number): string =>
  ({ 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' })[status] ??
  (status >= 500 ? 'server_error' : 'unprocessable');

/** One seed for every property: CI fuzzes the same bodies on every run. */
export const FUZZ_SEED = 7_2026;
