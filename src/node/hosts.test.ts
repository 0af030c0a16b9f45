import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { TEST_START } from '../test-support/targets.ts';
import { type RunningServer, type ServerOptions, startServer } from './server.ts';

const KEY = 'test-key';
const servers: RunningServer[] = [];
let mock: RunningServer;

async function serve(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    apiKeys: [KEY],
    clock: createClock('manual', TEST_START),
    domains: { dnsPropagationMs: 0 },
    ...options,
  });
  servers.push(server);
  return server;
}
beforeAll(async () => {
  mock = await serve();
});
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** GET `path` with the given Host (and the key), over a raw socket. */
const withHost = (server: RunningServer, host: string, path = '/v1/store/orders') =>
  rawRequest(
    server.port,
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`,
  );

describe('Host allow-list (DNS rebinding)', () => {
  test('refuses a foreign Host with a 421 Error body on every plane', async () => {
    for (const path of ['/v1/store/orders', '/__mock/orders', '/__dashboard/api/projects', '/__dashboard/']) {
      const answer = await withHost(mock, 'attacker.rebind.example', path);
      expect(answer.status, path).toBe(421);
      expect(JSON.parse(answer.body), path).toMatchObject({ code: 'HOST_NOT_ALLOWED', status: 421 });
    }
  });

  test('serves loopback names, IP literals and the platform subdomains', async () => {
    for (const host of [
      'localhost',
      `localhost:${mock.port}`,
      'app.localhost',
      '127.0.0.1',
      `127.0.0.1:${mock.port}`,
      '[::1]',
      '10.0.0.7:4010',
      'acme-shop.mockpages.example',
      'LOCALHOST.',
    ]) {
      expect((await withHost(mock, host)).status, host).toBe(200);
    }
  });

  test('serves the names given with --host and --allowed-host; --allowed-host all turns the check off', async () => {
    const named = await serve({ allowedHosts: ['mock.internal'], domains: { ownHosts: ['devbox'] } });
    expect((await withHost(named, 'mock.internal:4010')).status).toBe(200);
    expect((await withHost(named, 'devbox')).status).toBe(200);
    expect((await withHost(named, 'other.internal')).status).toBe(421);
    const open = await serve({ allowedHosts: ['all'] });
    expect((await withHost(open, 'anything.example')).status).toBe(200);
  });

  test('serves a custom domain attached in the simulation, so host routing keeps working', async () => {
    const response = await fetch(`${mock.url}/__dashboard/api/projects/acme-shop/domains`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'shop.example.com' }),
    });
    expect(response.status).toBe(201);
    const answer = await withHost(mock, 'shop.example.com');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED' });
  });
});

describe('Host parsing (RFC 9112 §3.2)', () => {
  const send = (lines: string) => rawRequest(mock.port, `${lines}\r\nConnection: close\r\n\r\n`);
  const auth = `Authorization: Bearer ${KEY}`;

  test('refuses two Host fields, a broken IPv6 literal, userinfo and a non-numeric port with 400 INVALID_HOST', async () => {
    for (const host of ['localhost\r\nHost: localhost', '[::1', 'example.com:80@evil.com', 'localhost:abc']) {
      const answer = await send(`GET /v1/store/orders HTTP/1.1\r\nHost: ${host}\r\n${auth}`);
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.body), host).toMatchObject({ code: 'INVALID_HOST', status: 400 });
    }
  });

  test('never copies a Host with userinfo into a redirect', async () => {
    const loaded = await fetch(`${mock.url}/__mock/dashboard/scenarios/every-state`, { method: 'POST' });
    expect(loaded.status).toBe(200);
    expect((await withHost(mock, 'example.com:80')).head).toMatch(
      /location: http:\/\/www\.example\.com:80\//i,
    );
    const answer = await send(`GET /v1/store/orders HTTP/1.1\r\nHost: example.com:80@evil.com\r\n${auth}`);
    expect(answer.status).toBe(400);
    expect(answer.head).not.toMatch(/location:/i);
  });

  test('refuses HTTP/1.1 without Host with a 400 Error body', async () => {
    const answer = await send(`GET /v1/store/orders HTTP/1.1\r\n${auth}`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_HOST' });
  });

  test('serves an absolute-form target', async () => {
    const answer = await send(
      `GET http://127.0.0.1:${mock.port}/v1/store/orders HTTP/1.1\r\nHost: x\r\n${auth}`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveLength(25);
  });

  test('answers HTTP/2.0 in a request line with 505', async () => {
    const answer = await send(`GET /v1/store/orders HTTP/2.0\r\nHost: localhost\r\n${auth}`);
    expect(answer.status).toBe(505);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'HTTP_VERSION_NOT_SUPPORTED' });
  });

  test('refuses a repeated Authorization field with 400', async () => {
    const answer = await send(
      `GET /v1/store/orders HTTP/1.1\r\nHost: localhost\r\n${auth}\r\nAuthorization: Bearer other`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'DUPLICATE_HEADER' });
  });
});
