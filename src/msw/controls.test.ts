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

  test('faults: a dribbled body arrives whole, in the five pieces the Node server sends; a malformed one is not JSON', async () => {
    controller.faults.add({ path: '/v1/store/orders', fault: 'dribble', delay: '5ms' });
    const reader = ((await orders()).body as ReadableStream<Uint8Array>).getReader();
    const pieces: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
    expect(pieces).toHaveLength(5);
    expect(JSON.parse(Buffer.concat(pieces).toString())).toHaveLength(25);
    controller.faults.clear();
    controller.faults.add({ path: '/v1/store/orders', fault: 'malformed' });
    await expect((await orders()).json()).rejects.toThrow(SyntaxError);
  });

  test('snapshot() and restore(): a test puts back a state it kept, at once', async () => {
    await fetch(`${BASE}/store/orders/1`, { method: 'DELETE', headers: auth });
    controller.clock.advance(60_000);
    const kept = await controller.snapshot();
    await controller.reset();
    expect((await (await orders()).json()).map((order: { id: number }) => order.id)).toContain(1);
    await controller.restore(kept);
    expect((await (await orders()).json()).map((order: { id: number }) => order.id)).not.toContain(1);
    expect(controller.clock.now()).toBe(Date.parse('2026-09-01T00:01:00Z'));
    await expect(controller.restore({ ...kept, orders: 'none' })).rejects.toThrow(/"orders" must be array/);
  });

  test('journal.toHar(): the journal as HAR 1.2, at the base URL, answer bodies included', async () => {
    await orders();
    await fetch(`${BASE}/store/orders/2`, { method: 'DELETE', headers: auth });
    const { log } = await controller.journal.toHar({ method: 'DELETE' });
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({
      request: { method: 'DELETE', url: `${BASE}/store/orders/2` },
      response: { status: 409, content: { mimeType: 'application/json; charset=utf-8' } },
      _source: 'mock',
    });
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

  test('presets.apply puts the store in a named state, as the admin API does', async () => {
    expect(controller.presets.list().map((s) => s.name)).toEqual(['seed', 'empty', 'all-shipped', 'large']);
    await controller.presets.apply('empty');
    expect(await (await orders()).json()).toEqual([]);
    await expect(controller.presets.apply('nope')).rejects.toThrow(
      'There is no preset "nope"; the presets are seed, empty, all-shipped, large.',
    );
    // The former name (deprecated) is the same object.
    expect(controller.scenarios).toBe(controller.presets);
  });
});

describe('each session has its own rules and preset', () => {
  const inSession = (id: string) =>
    fetch(`${BASE}/store/orders`, { headers: { ...auth, 'x-mock-session': id } });

  test('a fault added to one session fails only that session’s requests', async () => {
    controller.session('a').faults.add({ path: '/v1/store/orders', fault: 'status', status: 503 });
    expect((await inSession('a')).status).toBe(503);
    expect((await inSession('b')).status).toBe(200);
    expect((await orders()).status).toBe(200);
  });

  test('a preset applied in one session leaves the others on the seed', async () => {
    await controller.session('c').presets.apply('empty');
    expect(await (await inSession('c')).json()).toEqual([]);
    expect(await (await orders()).json()).toHaveLength(25);
    await controller.session('c').presets.apply('large');
    expect(await (await inSession('c')).json()).toHaveLength(10_000);
  });
});

describe('the MSW control planes', () => {
  test("refuse a write whose body is not JSON with the Node server's 415, and create nothing", async () => {
    const before = (await controller.store.snapshot()).length;
    const plain = await fetch('https://api.shop.test/__mock/orders', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"petId":1,"quantity":1,"status":"pending"}',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      message:
        'A request body to the mock\'s controls must be JSON, sent with "Content-Type: application/json".',
    });
    expect(await controller.store.snapshot()).toHaveLength(before);
    const json = await fetch('https://api.shop.test/__mock/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"petId":1,"quantity":1,"status":"pending"}',
    });
    expect(json.status).toBe(201);
  });
});
