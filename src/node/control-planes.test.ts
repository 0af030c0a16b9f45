import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { TEST_START } from '../test-support/targets.ts';
import { type RunningServer, startServer } from './server.ts';

let mock: RunningServer;
let configured: RunningServer;
const ADMIN_APP = 'http://localhost:5173';

beforeAll(async () => {
  const clock = () => createClock('manual', TEST_START);
  mock = await startServer({ port: 0, clock: clock() });
  configured = await startServer({ port: 0, clock: clock(), adminCorsOrigins: [ADMIN_APP] });
});
afterAll(() => Promise.all([mock.close(), configured.close()]));
beforeEach(() => mock.api.reset());

const adminCount = async () =>
  ((await (await fetch(`${mock.url}/__mock/orders`)).json()) as unknown[]).length;

describe('control planes over HTTP', () => {
  test('refuse a foreign Origin with 403, on the admin API, the dashboard API and the page', async () => {
    const origin = { origin: 'https://evil.example' };
    const reset = await fetch(`${mock.url}/__mock/reset`, { method: 'POST', headers: origin });
    expect(reset.status).toBe(403);
    expect(await reset.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', status: 403 });
    expect(reset.headers.get('access-control-allow-origin')).toBeNull();
    for (const path of ['/__mock/requests', '/__dashboard/api/projects', '/__dashboard/']) {
      expect((await fetch(`${mock.url}${path}`, { headers: origin })).status, path).toBe(403);
    }
    const preflight = await fetch(`${mock.url}/__mock/orders`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('refuse Sec-Fetch-Site: cross-site with 403, but open the page from a link on another site', async () => {
    const answer = await fetch(`${mock.url}/__mock/orders`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(answer.status).toBe(403);
    // A top-level navigation shows the page in its own origin: the other site reads nothing.
    // (Raw requests: fetch sends its own Sec-Fetch-Mode.)
    const link = 'Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document';
    const navigate = (method: string, path: string) =>
      rawRequest(
        mock.port,
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${link}\r\nConnection: close\r\n\r\n`,
      );
    expect((await navigate('GET', '/__dashboard/')).status).toBe(200);
    expect((await navigate('POST', '/__mock/reset')).status).toBe(403);
  });

  test('refuse a write whose body is not JSON with 415, and create nothing', async () => {
    const before = await adminCount();
    const plain = await fetch(`${mock.url}/__mock/orders`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"petId":1,"quantity":1,"status":"pending"}',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    expect(await adminCount()).toBe(before);
    const json = await fetch(`${mock.url}/__mock/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"petId":1,"quantity":1,"status":"pending"}',
    });
    expect(json.status).toBe(201);
  });

  test('keep serving a terminal (no Origin, no body) and the mock own pages (same origin)', async () => {
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
    const sameOrigin = await fetch(`${mock.url}/__mock/reset`, {
      method: 'POST',
      headers: { origin: mock.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(204);
    const page = await fetch(`${mock.url}/__dashboard/`, { headers: { 'sec-fetch-site': 'none' } });
    expect(page.status).toBe(200);
  });

  test('answer a configured --admin-cors-origin with its origin reflected, preflights included', async () => {
    const preflight = await fetch(`${configured.url}/__mock/reset`, {
      method: 'OPTIONS',
      headers: { origin: ADMIN_APP, 'access-control-request-method': 'POST', 'sec-fetch-site': 'same-site' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ADMIN_APP);
    const reset = await fetch(`${configured.url}/__mock/reset`, {
      method: 'POST',
      headers: { origin: ADMIN_APP },
    });
    expect(reset.status).toBe(204);
    expect(reset.headers.get('access-control-allow-origin')).toBe(ADMIN_APP);
    expect(
      (await fetch(`${configured.url}/__mock/orders`, { headers: { origin: 'http://localhost:3000' } }))
        .status,
    ).toBe(403);
  });

  test('leave the Store API CORS as it was', async () => {
    const answer = await fetch(`${mock.baseUrl}/store/orders`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).not.toBeNull();
  });
});
