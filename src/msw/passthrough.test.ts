import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { startUpstream, type Upstream } from '../test-support/upstream.ts';
import { createHandlers } from './index.ts';

// The mock's base URL is a real backend's here: what MSW lets through with passthrough() reaches it.
let upstream: Upstream;
let mock: ReturnType<typeof createHandlers>;
let server: ReturnType<typeof setupServer>;
const auth = { authorization: 'Bearer k' };
const base = () => `${upstream.url}/v1`;

beforeAll(async () => {
  upstream = await startUpstream();
  mock = createHandlers({
    baseUrl: `${upstream.url}/v1`,
    apiKeys: ['k'],
    clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
    passthrough: ['getPetById'],
  });
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server.close();
  await upstream.close();
});
beforeEach(async () => {
  await mock.controller.reset();
  upstream.received.length = 0;
});

describe('MSW partial mocking with passthrough()', () => {
  test('operations given at creation go to the network, the others are mocked', async () => {
    const pet = await fetch(`${base()}/pets/1`, { headers: auth });
    expect(await pet.json()).toEqual({ upstream: true, path: '/v1/pets/1' });
    const orders = await fetch(`${base()}/store/orders`, { headers: auth });
    expect(Array.isArray(await orders.json())).toBe(true);
    expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/pets/1']);
  });

  test('the controller’s toggle sends an operation to the network with its body and the client’s Authorization', async () => {
    expect(mock.controller.passthrough.set(['listOrders', 'cancelOrder'])).toMatchObject({
      upstream: 'network',
      operations: ['listOrders', 'cancelOrder'],
    });
    await fetch(`${base()}/store/orders`, { headers: auth });
    await fetch(`${base()}/store/orders/999999`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer real' },
    });
    expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v1/store/orders',
      'DELETE /v1/store/orders/999999',
    ]);
    expect(upstream.received[1]?.rawHeaders).toContain('Bearer real');
    mock.controller.passthrough.set([]);
    const mocked = await fetch(`${base()}/store/orders/999999`, { method: 'DELETE', headers: auth });
    expect(mocked.status).toBe(404);
  });

  test('another method on a mocked path goes to the network with its body; an unknown path is left to MSW', async () => {
    const posted = await fetch(`${base()}/store/orders`, {
      method: 'POST',
      headers: auth,
      body: '{"petId":1}',
    });
    expect(await posted.json()).toEqual({ upstream: true, path: '/v1/store/orders' });
    expect(upstream.received[0]?.body.toString()).toBe('{"petId":1}');
    expect((await fetch(`${base()}/users/me`)).status).toBe(200);
  });

  test('the journal records what went to the network as upstream, with status 0 (MSW does not show it its answer)', async () => {
    await fetch(`${base()}/pets/1`, { headers: auth });
    await fetch(`${base()}/store/orders`, { headers: auth });
    expect(mock.controller.journal.entries().map((e) => [e.path, e.status, e.source])).toEqual([
      ['/v1/pets/1', 0, 'upstream'],
      ['/v1/store/orders', 200, 'mock'],
    ]);
    expect(mock.controller.journal.find({ source: 'upstream' })).toHaveLength(1);
  });

  test('without a file system, what went to the network is a HAR from the journal, and its answers come from MSW’s response:bypass', async () => {
    const answers: string[] = [];
    const listener = async ({ request, response }: { request: Request; response: Response }) => {
      answers.push(
        `${request.method} ${new URL(request.url).pathname} ${response.status} ${await response.clone().text()}`,
      );
    };
    server.events.on('response:bypass', listener);
    try {
      await fetch(`${base()}/pets/1`, { headers: auth });
      await fetch(`${base()}/store/orders`, { headers: auth });
      const { log } = await mock.controller.journal.toHar({ source: 'upstream' });
      expect(
        log.entries.map((entry) => [entry.request.method, entry.request.url, entry.response.status]),
      ).toEqual([['GET', `${base()}/pets/1`, 0]]);
      expect(log.entries[0]?.request.headers).toContainEqual({
        name: 'authorization',
        value: 'Bearer [REDACTED]',
      });
      await expect.poll(() => answers).toEqual(['GET /v1/pets/1 200 {"upstream":true,"path":"/v1/pets/1"}']);
    } finally {
      server.events.removeListener('response:bypass', listener);
    }
  });

  test('PUT /__mock/passthrough toggles per session, as on the server', async () => {
    const put = await fetch(`${upstream.url}/__mock/passthrough`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'tab-2' },
      body: '{"operations":["listOrders"]}',
    });
    expect(put.status).toBe(200);
    expect(mock.controller.session('tab-2').passthrough.get().operations).toEqual(['listOrders']);
    expect(mock.controller.passthrough.get().operations).toEqual(['getPetById']);
    await fetch(`${base()}/store/orders`, { headers: { ...auth, 'x-mock-session': 'tab-2' } });
    expect(upstream.received).toHaveLength(1);
  });
});

describe('MSW without passthrough', () => {
  test('mocks every path it knows as before, and its toggle says how to turn passthrough on', async () => {
    const { handlers, controller } = createHandlers({ baseUrl: 'https://shop.test/v1' });
    const local = setupServer(...handlers);
    local.listen({ onUnhandledRequest: 'error' });
    try {
      expect((await fetch('https://shop.test/v1/store/orders', { method: 'POST' })).status).toBe(401);
      expect(controller.passthrough.get()).toMatchObject({ upstream: null, operations: [] });
      expect(() => controller.passthrough.set(['listOrders'])).toThrow(/createHandlers\(\{ passthrough/);
    } finally {
      local.close();
    }
  });
});
