import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { PENDING_ID } from '../test-support/scenarios.ts';
import { TEST_START } from '../test-support/targets.ts';
import { type RunningServer, startServer } from './server.ts';

const KEY = 'test-key';
const auth = { authorization: `Bearer ${KEY}` };
let mock: RunningServer;

beforeAll(async () => {
  mock = await startServer({ port: 0, apiKeys: [KEY], clock: createClock('manual', TEST_START) });
});
afterAll(() => mock.close());
beforeEach(() => mock.api.reset());

/** Sends raw bytes and resolves with everything the server wrote before closing. */
const raw = async (payload: string) => (await rawRequest(mock.port, payload, { untilClose: true })).text;

async function listLength(): Promise<number> {
  const response = await fetch(`${mock.baseUrl}/store/orders`, { headers: auth });
  return ((await response.json()) as unknown[]).length;
}

describe('node server', () => {
  test('gives exactly one 204 to 200 concurrent cancels of one pending order', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${mock.baseUrl}/store/orders/${PENDING_ID}`, { method: 'DELETE', headers: auth }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(199);
  });

  test('answers a 20 KB Authorization header with a 401 Error body, and a 20 KB other header normally', async () => {
    const big = 'x'.repeat(20 * 1024);
    const wrong = await fetch(`${mock.baseUrl}/store/orders`, {
      headers: { authorization: `Bearer ${big}` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const padded = await fetch(`${mock.baseUrl}/store/orders`, { headers: { ...auth, 'x-padding': big } });
    expect(padded.status).toBe(200);
  });

  test('answers unparseable HTTP with the configured CORS origin, like every other answer', async () => {
    const other = await startServer({ port: 0, corsOrigin: 'http://app.test', domains: false });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(other.port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => {
          received += chunk.toString();
        });
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
        socket.write('GARBAGE\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
      expect(answer).toContain('access-control-allow-origin: http://app.test\r\n');
      expect(answer).not.toContain('access-control-allow-origin: *');
      expect(answer).toContain('"code":"MALFORMED_REQUEST"');
    } finally {
      await other.close();
    }
  });

  test('answers headers beyond 64 KiB with a 431 Error body instead of a bare status line', async () => {
    const answer = await raw(
      `GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'y'.repeat(70_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    expect(answer).toContain('"code":"HEADERS_TOO_LARGE"');
  });

  test('answers a malformed request with a 400 Error body', async () => {
    const answer = await raw('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(answer).toContain('"code":"MALFORMED_REQUEST"');
  });

  test('answers malformed Authorization headers with 401, never a 5xx', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer  ',
      'Bearer a\tb',
      'Token x',
      'Bearer ===',
      'Bearer %00',
    ]) {
      const response = await fetch(`${mock.baseUrl}/store/orders`, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
    }
  });

  test('ignores a body sent with GET and keeps the connection usable', async () => {
    const body = '{"hello":"world"}';
    const answer = await raw(
      `GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
        `DELETE /v1/store/orders/${PENDING_ID} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 200 /);
    expect(answer).toContain('HTTP/1.1 204 ');
  });

  test('refuses a request body over 1 MiB with 413 and keeps serving', async () => {
    const response = await fetch(`${mock.url}/__mock/orders`, {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(await listLength()).toBe(25);
  });

  test('loses no state to a barrage of bad input', async () => {
    await fetch(`${mock.baseUrl}/store/orders/${PENDING_ID}`, { method: 'DELETE', headers: auth });
    const bad = [
      '/v1/store/orders/%',
      '/v1/store/orders/..%2F..%2Fetc',
      '/v1/pets/%E0%A4%A',
      '/v1//store/orders',
    ];
    for (const path of bad) {
      const response = await fetch(`${mock.url}${path}`, { method: 'DELETE', headers: auth });
      expect(response.status, path).toBeLessThan(500);
    }
    await fetch(`${mock.url}/__mock/orders`, { method: 'POST', body: '{"id":' });
    expect(await listLength()).toBe(24);
  });

  test('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${mock.baseUrl}/store/orders`, { method: 'HEAD', headers: auth });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await response.text()).toBe('');
  });

  test('sends no Content-Length and no Content-Type with a 204', async () => {
    const response = await fetch(`${mock.baseUrl}/store/orders/${PENDING_ID}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toBeNull();
  });
});
