import { describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { specProblems } from '../test-support/spec-validator.ts';
import { createMock, type MockOptions } from './mock.ts';

const clock = () => createClock('manual', Date.parse('2026-11-01T00:00:00Z'));
const get = (path: string, headers: Record<string, string> = {}): MockRequest => ({
  method: 'GET',
  path,
  query: '',
  headers,
});
const json = (body: MockResponse['body']) => JSON.parse(body?.text ?? 'null');

async function ask(options: MockOptions, request = get('/__health')) {
  const mock = createMock({ clock: clock(), ...options });
  const response = await mock.handle(request);
  const problems = specProblems({
    method: request.method,
    path: request.path,
    status: response.status,
    contentType: response.headers['content-type'] ?? null,
    text: request.method === 'HEAD' ? '' : (response.body?.text ?? ''),
  });
  return { mock, response, problems };
}

describe('GET /__health', () => {
  test('answers 200 ready with the version, without a key, as the admin spec describes it', async () => {
    const { response, problems } = await ask({ apiKeys: ['k1'], health: { version: '9.9.9' } });
    expect(response.status).toBe(200);
    expect(json(response.body)).toEqual({ status: 'ok', ready: true, version: '9.9.9' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(problems).toEqual([]);
  });

  test('is there with the admin API switched off, is not journaled, and is never delayed', async () => {
    const mock = createMock({ clock: clock(), admin: false, latency: '30s' });
    const response = await mock.handle(get('/__health'));
    expect(response.status).toBe(200);
    expect(response.delivery).toBeUndefined();
    expect(mock.journal.size).toBe(0);
    // The Store API, for comparison, is delayed and journaled.
    const list = await mock.handle(get('/v1/store/orders', { authorization: 'Bearer petstore-dev-key' }));
    expect(list.delivery).toBeDefined();
    expect(mock.journal.size).toBe(1);
  });

  test('answers 503 ready:false with the reason while the mock cannot serve', async () => {
    const unready = () => Promise.resolve('the shared store (Redis at redis://db:6379) is unreachable');
    const { response, problems } = await ask({ health: { version: '1.0.0', unready } });
    expect(response.status).toBe(503);
    expect(json(response.body)).toEqual({
      status: 'ok',
      ready: false,
      reason: 'the shared store (Redis at redis://db:6379) is unreachable',
      version: '1.0.0',
    });
    expect(problems).toEqual([]);
  });

  test('counts a readiness check that fails as not ready', async () => {
    const { response } = await ask({ health: { unready: () => Promise.reject(new Error('boom')) } });
    expect(response.status).toBe(503);
    expect(json(response.body).reason).toBe('its readiness check failed');
  });

  test('while the mock is starting, says so and answers every other request 503 NOT_READY', async () => {
    const { mock, response } = await ask({ health: { starting: 'its seed is loading' } });
    expect(response.status).toBe(503);
    expect(json(response.body)).toMatchObject({ ready: false, reason: 'its seed is loading' });
    const list = await mock.handle(get('/v1/store/orders', { authorization: 'Bearer petstore-dev-key' }));
    expect(list.status).toBe(503);
    expect(list.headers['retry-after']).toBe('1');
    expect(json(list.body)).toMatchObject({ code: 'NOT_READY', status: 503 });
  });

  test('answers HEAD alike, and any other method 405 with Allow', async () => {
    const head = await ask({}, { ...get('/__health'), method: 'HEAD' });
    expect(head.response.status).toBe(200);
    const post = await ask({}, { ...get('/__health'), method: 'POST' });
    expect(post.response.status).toBe(405);
    expect(post.response.headers.allow).toBe('GET, HEAD');
    expect(json(post.response.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });
});
