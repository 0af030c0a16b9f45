import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { nodeRequest, sendWithHost } from '../test-support/host-request.ts';
import { type RunningServer, startServer } from './server.ts';

const KEY = 'test-key';
let mock: RunningServer;

beforeAll(async () => {
  mock = await startServer({
    port: 0,
    apiKeys: [KEY],
    clock: createClock('manual', Date.parse('2026-06-01T12:00:00Z')),
    domains: { dnsPropagationMs: 60_000 },
  });
});
afterAll(() => mock.close());

const send = (method: string, path: string, body?: unknown, host?: string) =>
  sendWithHost(mock.port, KEY, method, path, body, host);

describe('the custom-domain flow on the node server', () => {
  it('walks add → DNS → verify → served → redirect → remove over HTTP', async () => {
    const domains = '/__dashboard/api/projects/acme-shop/domains';
    const added = await send('POST', domains, { name: 'www.example.com' });
    expect(added.status).toBe(201);
    // The dashboard API is a control plane: no CORS unless --admin-cors-origin (docs/decisions.md).
    expect(added.headers['access-control-allow-origin']).toBeUndefined();
    const [record] = added.body.records;
    await send('POST', '/__dashboard/api/dns/zones', { name: 'example.com' });
    await send('POST', '/__dashboard/api/dns/zones/example.com/records', {
      type: record.type,
      name: record.name,
      value: record.value,
      ttl: record.ttl,
    });
    expect((await send('GET', '/v1/store/orders', undefined, 'www.example.com')).body.code).toBe(
      'DOMAIN_NOT_VERIFIED',
    );

    await send('POST', '/__mock/dashboard/clock/advance', { by: '1m' });
    expect((await send('POST', `${domains}/www.example.com/verify`)).status).toBe(202);
    await send('POST', '/__mock/dashboard/clock/advance', { by: '2m5s' });
    const live = (await send('GET', `${domains}/www.example.com`)).body;
    expect([live.status, live.certificate.status]).toEqual(['active', 'issued']);
    expect((await send('GET', '/v1/store/orders', undefined, 'www.example.com')).status).toBe(200);

    await send('POST', domains, { name: 'example.com' });
    await send('POST', '/__dashboard/api/dns/zones/example.com/records', {
      type: 'ALIAS',
      name: '@',
      value: record.value,
    });
    await send('POST', '/__mock/dashboard/clock/advance', { by: '1m' });
    await send('POST', `${domains}/example.com/verify`);
    await send('POST', '/__mock/dashboard/clock/advance', { by: '5s' });
    const config = {
      domains: {
        primary: 'www.example.com',
        redirects: [{ from: 'example.com', to: 'www.example.com', status: 301 }],
      },
    };
    expect((await send('PUT', '/__dashboard/api/projects/acme-shop/configuration', config)).status).toBe(200);
    const moved = await send('GET', '/v1/store/orders?x=1', undefined, 'example.com');
    expect([moved.status, moved.headers.location]).toEqual([
      301,
      'http://www.example.com/v1/store/orders?x=1',
    ]);

    expect((await send('DELETE', `${domains}/www.example.com`)).status).toBe(204);
    const gone = await send('GET', '/v1/store/orders', undefined, 'www.example.com');
    expect([gone.status, gone.body.code]).toEqual([404, 'DOMAIN_REMOVED']);
  });

  it('moves one clock for the whole mock: 400 days on, the pet lookup is gone and both clock paths agree', async () => {
    await send('POST', '/__mock/reset');
    expect((await send('GET', '/v1/pets/1')).status).toBe(200);
    const advanced = await send('POST', '/__mock/clock/advance', { by: '400d' });
    expect(advanced.status).toBe(200);
    expect((await send('GET', '/v1/pets/1')).status).toBe(410);
    const [admin, dashboard] = [
      await send('GET', '/__mock/clock'),
      await send('GET', '/__mock/dashboard/clock'),
    ];
    expect(admin.body).toEqual(dashboard.body);
    expect(admin.body).toMatchObject({ mode: 'manual', now: '2027-07-06T12:00:00.000Z' });
    await send('POST', '/__mock/reset');
    expect((await send('GET', '/v1/pets/1')).status).toBe(200);
  });

  it('answers unknown routes on every plane with the same 404 code, and a wrong method with 405 and Allow', async () => {
    for (const path of ['/v1/unknown', '/__dashboard/api/unknown', '/__mock/unknown']) {
      const answer = await send('GET', path);
      expect([answer.status, answer.body.code], path).toEqual([404, 'NOT_FOUND']);
    }
    const wrong = await send('PATCH', '/__dashboard/api/dns/zones');
    expect([wrong.status, wrong.headers.allow]).toEqual([405, 'GET, HEAD, POST, OPTIONS']);
  });

  it('refuses wrongly typed bodies on the dashboard and admin APIs with 400', async () => {
    for (const [path, body] of [
      ['/__dashboard/api/dns/zones', { name: 'example.org', aliasSupport: 'no' }],
      ['/__mock/orders', { quantity: 'two' }],
      ['/__mock/clock/advance', { by: 5 }],
    ] as const) {
      const answer = await send('POST', path, body);
      expect([answer.status, answer.body.code], path).toEqual([400, 'INVALID_REQUEST']);
    }
  });

  it('resets the dashboard with POST /__mock/reset', async () => {
    await send('POST', '/__mock/dashboard/presets/every-state');
    expect((await send('POST', '/__mock/reset')).status).toBeLessThan(300);
    expect((await send('GET', '/__dashboard/api/projects/acme-shop/domains')).body).toEqual([]);
  });
});

describe('the simulation loaded on its first use (domains.loadOnFirstUse, as the CLI starts it)', () => {
  it("is built by the first dashboard request, and `simulation` stays the default state's after a session's", async () => {
    const lazy = await startServer({
      port: 0,
      apiKeys: [KEY],
      clock: createClock('manual', Date.parse('2026-06-01T12:00:00Z')),
      domains: { loadOnFirstUse: true },
    });
    try {
      const ask = (path: string, headers: Record<string, string> = {}) =>
        nodeRequest(lazy.port, path, { headers: { authorization: `Bearer ${KEY}`, ...headers } });
      expect((await ask('/v1/store/orders')).status).toBe(200);
      expect(lazy.simulation).toBeUndefined();
      expect((await ask('/__dashboard/api/projects')).status).toBe(200);
      const simulation = lazy.simulation;
      expect(simulation?.platform.domain).toBe('mockpages.example');
      expect((await ask('/__dashboard/api/projects', { 'x-mock-session': 'alice' })).status).toBe(200);
      expect(lazy.simulation).toBe(simulation);
    } finally {
      await lazy.close();
    }
  });
});
