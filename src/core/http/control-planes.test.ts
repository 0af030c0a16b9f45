import { describe, expect, test } from 'vitest';
import { createMockApi } from '../api.ts';
import type { MockRequest } from '../types.ts';

const request = (method: string, path: string, headers: Record<string, string> = {}): MockRequest => ({
  method,
  path,
  query: '',
  headers,
});
const allowOrigin = (headers: Readonly<Record<string, string>>) => headers['access-control-allow-origin'];

describe('control planes', () => {
  test('answer without CORS headers, errors and preflights included, while the Store API keeps its CORS', async () => {
    const api = createMockApi();
    const origin = { origin: 'https://evil.example' };
    expect(allowOrigin((await api.handle(request('GET', '/__mock/orders', origin))).headers)).toBeUndefined();
    expect(
      allowOrigin((await api.handle(request('GET', '/__mock/nothing', origin))).headers),
    ).toBeUndefined();
    const preflight = await api.handle(request('OPTIONS', '/__mock/reset', origin));
    expect(allowOrigin(preflight.headers)).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(allowOrigin((await api.handle(request('GET', '/v1/store/orders', origin))).headers)).toBeDefined();
    expect(
      allowOrigin((await api.handle(request('OPTIONS', '/v1/store/orders', origin))).headers),
    ).toBeDefined();
  });

  test('reflect a configured origin only, with Vary: Origin', async () => {
    const api = createMockApi({ adminCorsOrigins: ['http://localhost:5173'] });
    const mine = await api.handle(request('GET', '/__mock/orders', { origin: 'http://localhost:5173' }));
    expect(allowOrigin(mine.headers)).toBe('http://localhost:5173');
    expect(mine.headers.vary).toBe('Origin');
    const preflight = await api.handle(
      request('OPTIONS', '/__mock/reset', { origin: 'http://localhost:5173' }),
    );
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const other = await api.handle(request('GET', '/__mock/orders', { origin: 'https://evil.example' }));
    expect(allowOrigin(other.headers)).toBeUndefined();
    expect(other.headers.vary).toBe('Origin');
  });
});
