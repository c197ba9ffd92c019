// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerErrors } from '../../testing/openapi-answers';
import {
  createPlan,
  filePart,
  GIF,
  JPEG,
  OTHER_SECRET,
  PNG,
  sized,
  upload,
  uploadRaw,
} from '../../testing/plans';
import { KEYS, useSandbox } from '../../testing/sandbox';
import { imageTypeOf, MAX_IMAGE_BYTES } from './image';
import type { Plan } from './schema';
import { SEED_PLAN_IDS } from './seed';

const t = useSandbox();

const OPERATION = 'POST /v1/subscription-plans/{id}/image';
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const TOO_BIG = badRequest('file is larger than 2 MB (2,097,152 bytes)');

/** The image at `url` as bytes, with its headers. */
async function fetchImage(url: string) {
  const response = await fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('imageTypeOf: by the magic bytes only', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [GIF, undefined],
    [PNG.subarray(0, 7), undefined],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), undefined],
  ])('%#', (bytes, type) => {
    expect(imageTypeOf(bytes)).toBe(type);
  });
});

describe('POST /v1/subscription-plans/{id}/image', () => {
  it('a PNG: 200, the plan with its imageUrl, served without a key, safely', async () => {
    const plan = await createPlan(t);
    const reply = await upload(t, plan.id, [filePart(PNG)]);
    expect(reply.status, reply.text).toBe(200);
    const { imageUrl } = reply.body;
    expect(imageUrl).toMatch(
      new RegExp(`^${t.sandbox.apiUrl}/sandbox/plan-images/${plan.id}/[0-9a-f]{16}\\.png$`),
    );
    expect(reply.body).toEqual({ ...plan, imageUrl, updatedAt: expect.any(String) });
    expect(reply.body.updatedAt > plan.updatedAt).toBe(true);
    expect(await answerErrors(t, OPERATION, 200, reply.body)).toEqual([]);
    const read = await t.secret<Plan>(`/v1/subscription-plans/${plan.id}`);
    expect(read.body.imageUrl).toBe(imageUrl);

    const { response, bytes } = await fetchImage(imageUrl);
    expect(response.status).toBe(200);
    expect(bytes.equals(PNG)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('judged by the bytes: a JPEG called .png and declared PNG is a JPEG', async () => {
    const plan = await createPlan(t);
    const reply = await upload(t, plan.id, [filePart(JPEG, 'photo.png', 'image/png')]);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.imageUrl).toMatch(/\.jpg$/);
    const { response, bytes } = await fetchImage(reply.body.imageUrl);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.equals(JPEG)).toBe(true);
    const png = await upload(t, plan.id, [filePart(PNG, 'notes.txt', 'text/plain')]);
    expect(png.status, png.text).toBe(200);
    expect(png.body.imageUrl).toMatch(/\.png$/);
  });

  it('a new image is a new URL; the old one is gone', async () => {
    const plan = await createPlan(t);
    const first = (await upload(t, plan.id, [filePart(PNG)])).body.imageUrl;
    const second = (await upload(t, plan.id, [filePart(JPEG, 'b.jpg', 'image/jpeg')])).body
      .imageUrl;
    expect(second).not.toBe(first);
    expect((await fetchImage(first)).response.status).toBe(404);
    expect((await fetchImage(second)).response.status).toBe(200);
  });

  it('exactly 2 MB is accepted; one byte more is a 400 naming the size', async () => {
    const plan = await createPlan(t);
    const largest = await upload(t, plan.id, [filePart(sized(PNG, MAX_IMAGE_BYTES))]);
    expect(largest.status, largest.text).toBe(200);
    const { bytes } = await fetchImage(largest.body.imageUrl);
    expect(bytes.length).toBe(MAX_IMAGE_BYTES);
    const over = await upload(t, plan.id, [filePart(sized(PNG, MAX_IMAGE_BYTES + 1))]);
    expect(over.status).toBe(400);
    expect(over.body).toEqual(TOO_BIG);
    expect(await answerErrors(t, OPERATION, 400, over.body)).toEqual([]);
    expect((await t.secret<Plan>(`/v1/subscription-plans/${plan.id}`)).body.imageUrl).toBe(
      largest.body.imageUrl,
    );
  });

  it('a body far above 2 MB: the same 400, before it is read (not the API’s 1 MiB 413)', async () => {
    const plan = await createPlan(t);
    const reply = await upload(t, plan.id, [filePart(sized(PNG, 5 * 1024 * 1024))]);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(TOO_BIG);
    // Other routes keep their 1 MiB limit.
    const json = await t.secret('/v1/subscription-plans', {
      body: { name: 'x'.repeat(1024 * 1024 + 1) },
    });
    expect(json.status).toBe(413);
  });

  it.each([
    [
      'another type (GIF)',
      [filePart(GIF, 'a.png')],
      'file must be a PNG or JPEG image (judged by its content)',
    ],
    [
      'SVG called .png',
      [filePart(Buffer.from('<svg/>'), 'a.png')],
      'file must be a PNG or JPEG image (judged by its content)',
    ],
    ['an empty file', [filePart(Buffer.alloc(0))], 'file is empty'],
    [
      'no file part',
      [{ name: 'image', value: PNG, filename: 'a.png' }],
      'file is required (a part named file)',
    ],
    [
      'file as a text field',
      [{ name: 'file', value: 'not a file' }],
      'file must be a file part (with a filename), not a text field',
    ],
  ] as const)('%s: 400 naming it, the plan unchanged', async (_what, parts, message) => {
    const plan = await createPlan(t);
    const reply = await upload(t, plan.id, parts);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest(message));
    expect(await answerErrors(t, OPERATION, 400, reply.body)).toEqual([]);
    expect((await t.secret<Plan>(`/v1/subscription-plans/${plan.id}`)).body).toEqual(plan);
  });

  it('not multipart, or a multipart body that cannot be read: 400', async () => {
    const plan = await createPlan(t);
    const json = await uploadRaw(t, plan.id, JSON.stringify({ file: 'x' }), KEYS.secret, {
      'Content-Type': 'application/json',
    });
    expect(json.body).toEqual(
      badRequest('the body must be multipart/form-data with a part named file'),
    );
    const raw = await uploadRaw(t, plan.id, PNG, KEYS.secret, { 'Content-Type': 'image/png' });
    expect(raw.status).toBe(400);
    const broken = await uploadRaw(t, plan.id, 'garbage', KEYS.secret, {
      'Content-Type': 'multipart/form-data; boundary=xyz',
    });
    expect(broken.body).toEqual(badRequest('the multipart/form-data body could not be read'));
  });

  it('unknown, or another merchant’s plan: the spec’s 404; credentials 401/403', async () => {
    const notFound = { statusCode: 404, message: 'subscription plan not found' };
    const unknown = await upload(t, 'plan_nope', [filePart(PNG)]);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);
    expect(await answerErrors(t, OPERATION, 404, unknown.body)).toEqual([]);
    const stranger = await upload(t, SEED_PLAN_IDS.weekly, [filePart(PNG)], OTHER_SECRET);
    expect(stranger.body).toEqual(notFound);
    expect(
      (await t.secret<Plan>(`/v1/subscription-plans/${SEED_PLAN_IDS.weekly}`)).body.imageUrl,
    ).toBe('');
    const none = await upload(t, SEED_PLAN_IDS.weekly, [filePart(PNG)], null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const publishable = await upload(t, SEED_PLAN_IDS.weekly, [filePart(PNG)], KEYS.publishable);
    expect(publishable.status).toBe(403);
  });

  it('documents the multipart body in /openapi.json', async () => {
    type Doc = {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const doc = (await t.api<Doc>('/openapi.json')).body;
    const content = doc.paths['/v1/subscription-plans/{id}/image']?.post?.requestBody?.content;
    expect(content?.['multipart/form-data']).toMatchObject({
      schema: { properties: { file: { type: 'string' } }, required: ['file'] },
    });
  });
});

describe('GET /sandbox/plan-images/{planId}/{file}', () => {
  it('a wrong name or plan: 404', async () => {
    const plan = await createPlan(t);
    const { imageUrl } = (await upload(t, plan.id, [filePart(PNG)])).body;
    const renamed = imageUrl.replace(/\.png$/, '.jpg');
    const missing = await t.api(new URL(renamed).pathname);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      statusCode: 404,
      message: 'plan image not found',
      error: 'Not Found',
    });
    const other = await t.api(new URL(imageUrl).pathname.replace(plan.id, SEED_PLAN_IDS.weekly));
    expect(other.status).toBe(404);
  });
});
