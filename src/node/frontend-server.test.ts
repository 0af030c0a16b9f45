import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { nodeRequest } from '../test-support/host-request.ts';
import { type RunningServer, startServer } from './server.ts';

const KEY = 'petstore-dev-key';
const auth = { authorization: `Bearer ${KEY}` };

/** A raw request, so that Origin and preflight headers go out exactly as a browser would send them. */
const raw = (mock: RunningServer, method: string, path: string, headers: Record<string, string>) =>
  nodeRequest(mock.port, path, { method, headers });

describe('the server as a frontend developer runs it', () => {
  let mock: RunningServer;
  const slept: number[] = [];

  beforeAll(async () => {
    // Latency and fault delays are recorded, not waited for.
    mock = await startServer({
      port: 0,
      domains: false,
      latency: '250ms',
      sleep: async (ms) => void slept.push(ms),
    });
  });
  afterAll(() => mock?.close());
  beforeEach(async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    slept.length = 0;
  });

  test('CORS: a preflight from an app origin reflects it, with credentials and the requested headers', async () => {
    const answer = await raw(mock, 'OPTIONS', '/v1/store/orders', {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, x-request-id, traceparent',
    });
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization, x-request-id, traceparent',
      'access-control-max-age': '600',
    });
    const get = await raw(mock, 'GET', '/v1/store/orders', { origin: 'http://localhost:5173', ...auth });
    expect(get.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(get.headers.vary).toBe('Origin');
  });

  test('--latency delays each Store API answer through the listener (admin answers are not delayed)', async () => {
    expect((await fetch(`${mock.baseUrl}/store/orders`, { headers: auth })).status).toBe(200);
    await fetch(`${mock.url}/__mock/orders`);
    expect(slept).toEqual([250]);
  });

  test('a reset fault resets the connection; an empty one closes it without a byte', async () => {
    await fetch(`${mock.url}/__mock/latency`, {
      method: 'PUT',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    for (const [fault, code] of [
      ['reset', 'ECONNRESET'],
      ['empty', 'ECONNRESET'],
    ] as const) {
      await fetch(`${mock.url}/__mock/faults`, { method: 'DELETE' });
      await fetch(`${mock.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/v1/store/orders', fault }),
      });
      const error = await raw(mock, 'GET', '/v1/store/orders', auth).catch((e: NodeJS.ErrnoException) => e);
      expect(error, fault).toBeInstanceOf(Error);
      // Node reports a close without a response as "socket hang up" with ECONNRESET too.
      expect((error as NodeJS.ErrnoException).code, fault).toBe(code);
    }
    await fetch(`${mock.url}/__mock/faults`, { method: 'DELETE' });
    expect((await fetch(`${mock.baseUrl}/store/orders`, { headers: auth })).status).toBe(200);
  });

  test('a dribbled body arrives whole, in pieces spread over the delay', async () => {
    await fetch(`${mock.url}/__mock/latency`, {
      method: 'PUT',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await fetch(`${mock.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/store/orders', fault: 'dribble', delay: '1s' }),
    });
    const response = await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(await response.json()).toHaveLength(25);
    expect(slept).toEqual([200, 200, 200, 200, 200]);
  });

  test('a malformed body fails JSON parsing in the client', async () => {
    await fetch(`${mock.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: '/v1/store/orders', fault: 'malformed' }),
    });
    const response = await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  test('the journal answers "the app sent exactly one DELETE"', async () => {
    await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
    await fetch(`${mock.baseUrl}/store/orders/1`, { method: 'DELETE', headers: auth });
    const count = await fetch(`${mock.url}/__mock/requests/count?method=DELETE`);
    expect(await count.json()).toEqual({ count: 1 });
    const last = await fetch(`${mock.url}/__mock/requests?limit=1`);
    expect(await last.json()).toMatchObject([{ method: 'DELETE', path: '/v1/store/orders/1', status: 204 }]);
  });
});
