import { describe, expect, test } from 'vitest';
import { createMockApi, type MockApiOptions } from '../api.ts';
import type { MockRequest } from '../types.ts';

const KEY = 'k';
const APP = 'http://localhost:5173';
const request = (method: string, path: string, headers: Record<string, string>): MockRequest => ({
  method,
  path,
  query: '',
  headers,
});
const create = (options: MockApiOptions = {}) =>
  createMockApi({ apiKeys: [KEY], clock: { now: () => Date.parse('2026-09-01T00:00:00Z') }, ...options });

describe('the Store API allows browsers the way Prism does', () => {
  test('reflects the origin with credentials allowed, never * with credentials', async () => {
    const response = await create().handle(
      request('GET', '/v1/store/orders', { origin: APP, authorization: `Bearer ${KEY}` }),
    );
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(APP);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toBe('Origin');
    expect(response.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
  });

  test('reflects the origin on errors too, so the app can read a 401 body', async () => {
    const response = await create().handle(request('GET', '/v1/store/orders', { origin: APP }));
    expect(response.status).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(APP);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  test('a preflight lists the requested headers by name, with Max-Age and Vary', async () => {
    const response = await create().handle(
      request('OPTIONS', '/v1/store/orders/1', {
        origin: APP,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization,x-request-id,traceparent',
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': APP,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization, x-request-id, traceparent',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
    });
    expect(response.headers['access-control-allow-methods']).toContain('DELETE');
  });

  test('a preflight drops requested names that are not header names', async () => {
    const response = await create().handle(
      request('OPTIONS', '/v1/store/orders', {
        origin: APP,
        'access-control-request-headers': 'x-ok, bad name, *, ',
      }),
    );
    expect(response.headers['access-control-allow-headers']).toBe('x-ok');
  });

  test('answers without an Origin keep * and no credentials (curl, server-side clients)', async () => {
    const response = await create().handle(
      request('GET', '/v1/store/orders', { authorization: `Bearer ${KEY}` }),
    );
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  test('--cors-origin narrows the allowed origins: another origin gets no Allow-Origin', async () => {
    const api = create({ corsOrigin: [APP, 'https://app.example'] });
    const allowed = await api.handle(request('GET', '/v1/store/orders', { origin: 'https://app.example' }));
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const other = await api.handle(request('GET', '/v1/store/orders', { origin: 'https://evil.example' }));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await api.handle(
      request('OPTIONS', '/v1/store/orders', { origin: 'https://evil.example' }),
    );
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('--no-cors sends no CORS header at all', async () => {
    const api = create({ cors: false });
    for (const method of ['GET', 'OPTIONS']) {
      const response = await api.handle(request(method, '/v1/store/orders', { origin: APP }));
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  test('a shared answer reflected for the same origin is the same object (adapters keep their caches)', async () => {
    const api = create();
    const get = () =>
      api.handle(request('GET', '/v1/store/orders', { origin: APP, authorization: `Bearer ${KEY}` }));
    expect(await get()).toBe(await get());
  });
});
