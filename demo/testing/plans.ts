/** Helpers of the plans' tests: a plan body, image bytes, multipart uploads. */

import { basicAuth } from '../service/accounts/authenticate';
import type { Plan } from '../service/plans/schema';
import { KEYS, type Reply, type TestSandbox } from './sandbox';

export const OTHER_SECRET = 'sk_test_noconnect';

/** A valid creation body; `overrides` replace fields (`undefined` removes one). */
export const planBody = (overrides: Record<string, unknown> = {}) =>
  Object.fromEntries(
    Object.entries({
      name: 'Plano de teste',
      price: 29.9,
      currency: 'BRL',
      recurrenceType: 'monthly',
      ...overrides,
    }).filter(([, value]) => value !== undefined),
  );

/** Creates a plan (Loja Exemplo's unless `key` says otherwise); fails unless 201. */
export async function createPlan(
  t: TestSandbox,
  overrides: Record<string, unknown> = {},
  key: string = KEYS.secret,
): Promise<Plan> {
  const reply = await t.api<Plan>('/v1/subscription-plans', { key, body: planBody(overrides) });
  if (reply.status !== 201) throw new Error(`plan not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI and an APP0 marker): enough for a judgement by magic bytes. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** `bytes` padded to `size` bytes (the magic bytes stay first). */
export const sized = (bytes: Uint8Array, size: number) => {
  const out = Buffer.alloc(size);
  out.set(bytes.subarray(0, size));
  return out;
};

export interface Part {
  name: string;
  /** A file part when `filename` is given, else a text field. */
  value: Uint8Array | string;
  filename?: string;
  type?: string;
}

/** POSTs a multipart body (built by `FormData`) to a plan's image route. */
export async function upload(
  t: TestSandbox,
  planId: string,
  parts: readonly Part[],
  key: string | null = KEYS.secret,
): Promise<Reply<Plan & { statusCode?: number; message?: string }>> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, String(part.value));
    else {
      const blob = new Blob([part.value as Uint8Array<ArrayBuffer>], {
        type: part.type ?? 'application/octet-stream',
      });
      form.append(part.name, blob, part.filename);
    }
  }
  return uploadRaw(t, planId, form, key);
}

/** POSTs any body (a `FormData`, bytes, text) to a plan's image route. */
export async function uploadRaw(
  t: TestSandbox,
  planId: string,
  body: BodyInit,
  key: string | null = KEYS.secret,
  headers: Record<string, string> = {},
): Promise<Reply<Plan & { statusCode?: number; message?: string }>> {
  const response = await fetch(`${t.sandbox.apiUrl}/v1/subscription-plans/${planId}/image`, {
    method: 'POST',
    headers: { ...(key ? { Authorization: basicAuth(key) } : {}), ...headers },
    body,
  });
  const text = await response.text();
  let parsed: Plan & { statusCode?: number; message?: string };
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text as unknown as Plan;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** A file part named `file`. */
export const filePart = (bytes: Uint8Array, filename = 'image.png', type = 'image/png'): Part => ({
  name: 'file',
  value: bytes,
  filename,
  type,
});
