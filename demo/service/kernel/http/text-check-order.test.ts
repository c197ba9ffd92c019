// @vitest-environment node
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiError } from './errors';
import { textCheck } from './text-check';

describe('the check answers before the route, so before keys and the database', () => {
  it('the handler never runs on a refused request', async () => {
    const app = new Hono();
    app.onError((error, c) => c.json((error as ApiError).body, 400));
    let reached = 0;
    app.use('*', textCheck);
    app.post('/v1/auth/login', (c) => {
      reached++;
      return c.json({});
    });
    const post = (body: string) =>
      app.request('/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body,
      });
    expect((await post('{"email":"a\\u0000"}')).status).toBe(400);
    expect(reached).toBe(0);
    expect((await post('{"email":"a"}')).status).toBe(200);
    expect(reached).toBe(1);
  });
});
