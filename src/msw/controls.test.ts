import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { createHandlers } from './index.ts';

const BASE = 'https://api.shop.test/v1';
const { handlers, controller } = createHandlers({
  baseUrl: BASE,
  apiKeys: ['k'],
  clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
});
const server = setupServer(...handlers);
const auth = { authorization: 'Bearer k' };
const orders = () => fetch(`${BASE}/store/orders`, { headers: auth });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => controller.reset());

describe('the MSW controller has the server’s controls', () => {
  test('faults: a status with an Error body, then cleared', async () => {
    const rule = controller.faults.add({
      method: 'GET',
      path: '/v1/store/orders',
      fault: 'status',
      status: 503,
    });
    expect(rule.id).toBe('f1');
    const failed = await orders();
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ code: 'INJECTED_FAULT', status: 503 });
    expect(controller.faults.list()).toMatchObject([{ matched: 1, fired: 1 }]);
    controller.faults.clear();
    expect((await orders()).status).toBe(200);
  });

  test('faults: reset and empty are network errors (HttpResponse.error()), as fetch sees a dropped connection', async () => {
    for (const fault of ['reset', 'empty'] as const) {
      controller.faults.clear();
      controller.faults.add({ path: '/v1/store/orders', fault });
      await expect(orders(), fault).rejects.toThrow(TypeError);
    }
  });

  test('faults: a dribbled body arrives whole; a malformed one is not JSON', async () => {
    controller.faults.add({ path: '/v1/store/orders', fault: 'dribble', delay: '5ms' });
    expect(await (await orders()).json()).toHaveLength(25);
    controller.faults.clear();
    controller.faults.add({ path: '/v1/store/orders', fault: 'malformed' });
    await expect((await orders()).json()).rejects.toThrow(SyntaxError);
  });

  test('latency through MSW’s delay(), kept tiny here; reset() clears it', async () => {
    controller.latency.set({ global: '2ms' });
    expect(controller.latency.get()).toEqual({ global: '2ms', routes: [] });
    expect((await orders()).status).toBe(200);
    await controller.reset();
    expect(controller.latency.get()).toEqual({ global: null, routes: [] });
  });

  test('journal.find answers "exactly one DELETE"; entries() is as before', async () => {
    await orders();
    await fetch(`${BASE}/store/orders/1`, { method: 'DELETE', headers: auth });
    expect(controller.journal.find({ method: 'DELETE' })).toMatchObject([
      { path: '/v1/store/orders/1', status: 204 },
    ]);
    expect(controller.journal.find({ limit: 1 })).toHaveLength(1);
    expect(controller.journal.entries()).toHaveLength(2);
  });

  test('scenarios.apply puts the store in a named state', async () => {
    expect(controller.scenarios.list().map((s) => s.name)).toEqual(['seed', 'empty', 'all-shipped', 'large']);
    await controller.scenarios.apply('empty');
    expect(await (await orders()).json()).toEqual([]);
    await expect(controller.scenarios.apply('nope')).rejects.toThrow(/no scenario "nope"/);
  });
});

describe('each session has its own rules and scenario', () => {
  const inSession = (id: string) =>
    fetch(`${BASE}/store/orders`, { headers: { ...auth, 'x-mock-session': id } });

  test('a fault added to one session fails only that session’s requests', async () => {
    controller.session('a').faults.add({ path: '/v1/store/orders', fault: 'status', status: 503 });
    expect((await inSession('a')).status).toBe(503);
    expect((await inSession('b')).status).toBe(200);
    expect((await orders()).status).toBe(200);
  });

  test('a scenario applied in one session leaves the others on the seed', async () => {
    await controller.session('c').scenarios.apply('empty');
    expect(await (await inSession('c')).json()).toEqual([]);
    expect(await (await orders()).json()).toHaveLength(25);
    await controller.session('c').scenarios.apply('large');
    expect(await (await inSession('c')).json()).toHaveLength(10_000);
  });
});
