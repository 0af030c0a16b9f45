import { describe, expect, test } from 'vitest';
import { callMock } from '../../test-support/admin-call.ts';
import { createMockApi, type MockApi, type MockApiOptions } from '../api.ts';
import { createClock } from '../controls/clock.ts';
import { MAX_FAULT_RULES } from '../controls/traffic.ts';
import type { MockResponse } from '../types.ts';

const KEY = 'k';
const create = (options: MockApiOptions = {}) =>
  createMockApi({
    apiKeys: [KEY],
    clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
    ...options,
  });

const call = (mock: MockApi, method: string, target: string, body?: unknown) =>
  callMock(mock, KEY, method, target, body);

describe('orders', () => {
  test('POST /__mock/orders/{id}/cancel cancels a pending order without a key; a shipped one is a 409', async () => {
    const mock = create();
    expect((await call(mock, 'POST', '/__mock/orders/1/cancel')).json).toMatchObject({
      id: 1,
      status: 'cancelled',
    });
    expect((await call(mock, 'POST', '/__mock/orders/1/cancel')).status).toBe(404);
    expect((await call(mock, 'POST', '/__mock/orders/2/cancel')).status).toBe(409);
  });
});

describe('journal queries', () => {
  test('filters combine, oldest first, and limit keeps the newest N', async () => {
    const mock = create();
    await call(mock, 'GET', '/v1/store/orders');
    await call(mock, 'DELETE', '/v1/store/orders/1');
    mock.clock.advance(60_000);
    await call(mock, 'DELETE', '/v1/store/orders/1');
    await call(mock, 'DELETE', '/v1/store/orders/2');
    const deletes = await call(mock, 'GET', '/__mock/requests?method=delete');
    expect(deletes.json.map((e: { path: string; status: number }) => [e.path, e.status])).toEqual([
      ['/v1/store/orders/1', 204],
      ['/v1/store/orders/1', 404],
      ['/v1/store/orders/2', 409],
    ]);
    const last = await call(mock, 'GET', '/__mock/requests?method=DELETE&limit=1');
    expect(last.json.map((e: { path: string }) => e.path)).toEqual(['/v1/store/orders/2']);
    const combined = await call(
      mock,
      'GET',
      '/__mock/requests?method=DELETE&path=/v1/store/orders/*&status=204',
    );
    expect(combined.json).toHaveLength(1);
    const since = await call(mock, 'GET', '/__mock/requests?since=2026-09-01T00:01:00Z');
    expect(since.json).toHaveLength(2);
    expect((await call(mock, 'GET', '/__mock/requests/count?method=DELETE&status=404')).json).toEqual({
      count: 1,
    });
    expect((await call(mock, 'GET', '/__mock/requests')).json).toHaveLength(4);
  });

  test('format=har answers the same filtered entries as a HAR 1.2 document, answer bodies included', async () => {
    const mock = create({ origin: 'http://localhost:4010' });
    await call(mock, 'GET', '/v1/store/orders');
    await call(mock, 'DELETE', '/v1/store/orders/1');
    await call(mock, 'DELETE', '/v1/store/orders/2');
    const { json } = await call(mock, 'GET', '/__mock/requests?format=har&method=DELETE');
    expect(json.log).toMatchObject({ version: '1.2', creator: { name: 'petstore-mock' } });
    expect(
      json.log.entries.map(
        (e: { request: { method: string; url: string }; response: { status: number } }) => [
          e.request.method,
          e.request.url,
          e.response.status,
        ],
      ),
    ).toEqual([
      ['DELETE', 'http://localhost:4010/v1/store/orders/1', 204],
      ['DELETE', 'http://localhost:4010/v1/store/orders/2', 409],
    ]);
    expect(json.log.entries[1].response.content.text).toContain('"status":409');
    expect(JSON.stringify(json)).not.toContain(`Bearer ${KEY}`);
  });

  test('a filter that cannot be one is a 400 naming the parameter', async () => {
    const mock = create();
    for (const query of [
      'status=abc',
      'limit=0',
      'since=yesterday',
      'method=DE LETE',
      'source=x',
      'format=xml',
    ]) {
      const { status, json } = await call(mock, 'GET', `/__mock/requests?${query}`);
      expect(status, query).toBe(400);
      expect(json.message).toContain(`"${query.split('=')[0]}"`);
    }
  });
});

describe('fault rules', () => {
  test('a status fault answers an Error body without running the operation; DELETE clears it', async () => {
    const mock = create();
    const added = await call(mock, 'POST', '/__mock/faults', {
      method: 'DELETE',
      path: '/v1/store/orders/*',
      fault: 'status',
      status: 503,
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ id: 'f1', matched: 0, fired: 0 });
    const failed = await call(mock, 'DELETE', '/v1/store/orders/1');
    expect(failed.status).toBe(503);
    expect(failed.json).toMatchObject({ code: 'INJECTED_FAULT', status: 503 });
    expect((await mock.store.get('1'))?.status).toBe('pending');
    expect((await call(mock, 'GET', '/v1/store/orders')).status).toBe(200);
    expect((await call(mock, 'GET', '/__mock/faults')).json).toMatchObject([{ matched: 1, fired: 1 }]);
    expect((await call(mock, 'DELETE', '/__mock/faults')).status).toBe(204);
    expect((await call(mock, 'DELETE', '/v1/store/orders/1')).status).toBe(204);
  });

  test('nth fails only that request; a probability fails the same requests for the same seed', async () => {
    const mock = create();
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/store/orders', fault: 'status', nth: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(mock, 'GET', '/v1/store/orders')).status);
    expect(statuses).toEqual([200, 500, 200]);

    const run = async () => {
      const fresh = create();
      await call(fresh, 'POST', '/__mock/faults', {
        path: '/v1/*',
        fault: 'status',
        probability: 0.5,
        seed: 42,
      });
      const seen = [];
      for (let i = 0; i < 20; i++) seen.push((await call(fresh, 'GET', '/v1/store/orders')).status);
      return seen;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toContain(500);
    expect(first).toContain(200);
  });

  test('with overlapping rules, every rule counts every request its method and path match, and nth counts them all', async () => {
    const mock = create();
    await call(mock, 'POST', '/__mock/faults', {
      path: '/v1/store/orders',
      fault: 'status',
      status: 503,
      nth: 1,
    });
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/*', fault: 'status', status: 502, nth: 2 });
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/pets/*', fault: 'status' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(mock, 'GET', '/v1/store/orders')).status);
    // The first request fails by the first rule; the second is the second rule's 2nd match, though the
    // first rule took its 1st.
    expect(statuses).toEqual([503, 502, 200]);
    const rules = (await call(mock, 'GET', '/__mock/faults')).json as { matched: number; fired: number }[];
    expect(rules.map(({ matched, fired }) => [matched, fired])).toEqual([
      [3, 1],
      [3, 1],
      [0, 0],
    ]);
  });

  test(`rules are capped at ${MAX_FAULT_RULES}: one more is a 409 that changes nothing`, async () => {
    const mock = create();
    for (let i = 0; i < MAX_FAULT_RULES; i++) {
      expect(
        (await call(mock, 'POST', '/__mock/faults', { path: `/v1/x/${i}`, fault: 'status' })).status,
      ).toBe(201);
    }
    const refused = await call(mock, 'POST', '/__mock/faults', { path: '/v1/store/orders', fault: 'status' });
    expect([refused.status, refused.json.code]).toEqual([409, 'TOO_MANY_FAULTS']);
    expect((await call(mock, 'GET', '/__mock/faults')).json).toHaveLength(MAX_FAULT_RULES);
    expect((await call(mock, 'GET', '/v1/store/orders')).status).toBe(200);
  });

  test('DELETE /__mock/faults/{id} removes that rule alone; an unknown id is a 404', async () => {
    const mock = create();
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/store/orders', fault: 'status', status: 503 });
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/pets/*', fault: 'status', status: 502 });
    expect((await call(mock, 'DELETE', '/__mock/faults/f1')).status).toBe(204);
    expect((await call(mock, 'GET', '/__mock/faults')).json.map((rule: { id: string }) => rule.id)).toEqual([
      'f2',
    ]);
    expect((await call(mock, 'GET', '/v1/store/orders')).status).toBe(200);
    expect((await call(mock, 'GET', '/v1/pets/1')).status).toBe(502);
    const gone = await call(mock, 'DELETE', '/__mock/faults/f1');
    expect([gone.status, gone.json.code]).toEqual([404, 'FAULT_NOT_FOUND']);
    // Ids are never reused: the next rule is f3.
    const added = await call(mock, 'POST', '/__mock/faults', { path: '/v1/x', fault: 'status' });
    expect(added.json.id).toBe('f3');
  });

  test('reset and empty describe a socket fault (status 0 in the journal); the operation does not run', async () => {
    const mock = create();
    await call(mock, 'POST', '/__mock/faults', {
      method: 'DELETE',
      path: '/v1/store/orders/1',
      fault: 'reset',
    });
    const { response } = await call(mock, 'DELETE', '/v1/store/orders/1');
    expect(response.delivery).toEqual({ delayMs: 0, fault: 'reset' });
    expect((await mock.store.get('1'))?.status).toBe('pending');
    expect(mock.journal.find({ method: 'DELETE' })).toMatchObject([{ status: 0 }]);
  });

  test('malformed sends the real status with a body that is not JSON; dribble and delay describe the timing', async () => {
    const mock = create();
    await call(mock, 'POST', '/__mock/faults', {
      method: 'GET',
      path: '/v1/store/orders',
      fault: 'malformed',
    });
    const malformed: MockResponse = await mock.handle({
      method: 'GET',
      path: '/v1/store/orders',
      query: '',
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.body?.text ?? '')).toThrow();
    await call(mock, 'DELETE', '/__mock/faults');
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/pets/1', fault: 'dribble', delay: '2s' });
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/pets/2', fault: 'delay', delay: '1500ms' });
    expect((await call(mock, 'GET', '/v1/pets/1')).response.delivery).toEqual({
      delayMs: 0,
      fault: 'dribble',
      dribbleMs: 2000,
      dribbleChunks: 5,
    });
    expect((await call(mock, 'GET', '/v1/pets/2')).response.delivery).toEqual({ delayMs: 1500 });
  });

  test('a rule the spec refuses is a 400 naming the field; reset clears the rules', async () => {
    const mock = create();
    const bad = await call(mock, 'POST', '/__mock/faults', { path: '/v1/store/orders', fault: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('"fault"');
    const tooLong = await call(mock, 'POST', '/__mock/faults', {
      path: '/v1/x',
      fault: 'delay',
      delay: '5m',
    });
    expect(tooLong.status).toBe(400);
    await call(mock, 'POST', '/__mock/faults', { path: '/v1/store/orders', fault: 'status' });
    await call(mock, 'POST', '/__mock/reset');
    expect((await call(mock, 'GET', '/__mock/faults')).json).toEqual([]);
  });
});

describe('latency', () => {
  test('--latency delays every Store API answer; a route rule wins; the admin API is never delayed', async () => {
    const draws = [0, 0.5, 1];
    const mock = create({ latency: '100ms-300ms', random: () => draws.shift() ?? 0 });
    expect((await call(mock, 'GET', '/__mock/latency')).json).toEqual({ global: '100ms-300ms', routes: [] });
    const delays = [];
    for (let i = 0; i < 3; i++)
      delays.push((await call(mock, 'GET', '/v1/store/orders')).response.delivery?.delayMs);
    expect(delays).toEqual([100, 200, 300]);
    const set = await call(mock, 'PUT', '/__mock/latency', {
      global: '300ms',
      routes: [{ method: 'DELETE', path: '/v1/store/orders/*', latency: '2s' }],
    });
    expect(set.json).toEqual({
      global: '300ms',
      routes: [{ method: 'DELETE', path: '/v1/store/orders/*', latency: '2s' }],
    });
    expect((await call(mock, 'DELETE', '/v1/store/orders/1')).response.delivery).toEqual({ delayMs: 2000 });
    expect((await call(mock, 'GET', '/v1/store/orders')).response.delivery).toEqual({ delayMs: 300 });
    expect((await call(mock, 'GET', '/__mock/orders')).response.delivery).toBeUndefined();
    await call(mock, 'POST', '/__mock/reset');
    expect((await call(mock, 'GET', '/__mock/latency')).json.global).toBe('100ms-300ms');
  });

  test('a latency or a delay that is not one is refused in words from the spec, not with its pattern', async () => {
    const mock = create();
    const latency = await call(mock, 'PUT', '/__mock/latency', { global: 'fast' });
    expect(latency.json.message).toBe(
      'Invalid request body: "global" must be a delay such as 300ms, or a range such as 100ms-800ms (uniform), at most 60s.',
    );
    const delay = await call(mock, 'POST', '/__mock/faults', { path: '/v1', fault: 'delay', delay: 'soon' });
    expect(delay.json.message).toBe(
      'Invalid request body: "delay" must be a duration such as 90s, 5m, 1h30m or 400d.',
    );
  });

  test('a latency beyond 60s or backwards is a 400 and changes nothing', async () => {
    const mock = create();
    for (const global of ['2m', '800ms-100ms', 'fast']) {
      expect((await call(mock, 'PUT', '/__mock/latency', { global })).status, global).toBe(400);
    }
    expect((await call(mock, 'GET', '/__mock/latency')).json).toEqual({ global: null, routes: [] });
    expect((await call(mock, 'GET', '/v1/store/orders')).response.delivery).toBeUndefined();
  });
});

describe('presets', () => {
  test('lists the named states with a description and applies them', async () => {
    const mock = create();
    const names = (await call(mock, 'GET', '/__mock/presets')).json.map((s: { name: string }) => s.name);
    expect(names).toEqual(['seed', 'empty', 'all-shipped', 'large']);
    expect((await call(mock, 'POST', '/__mock/presets/empty')).json).toEqual({
      preset: { name: 'empty', description: 'No orders at all: the list is [].' },
    });
    expect((await call(mock, 'GET', '/v1/store/orders')).json).toEqual([]);
    await call(mock, 'POST', '/__mock/presets/large');
    expect((await call(mock, 'GET', '/v1/store/orders')).json).toHaveLength(10_000);
    await call(mock, 'POST', '/__mock/presets/all-shipped');
    const orders = (await call(mock, 'GET', '/__mock/orders')).json as { status: string }[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((order) => order.status === 'shipped')).toBe(true);
    expect((await call(mock, 'DELETE', '/v1/store/orders/1')).status).toBe(409);
    await call(mock, 'POST', '/__mock/presets/seed');
    expect((await call(mock, 'DELETE', '/v1/store/orders/1')).status).toBe(204);
  });

  test('an unknown preset is a 404 that lists the known ones', async () => {
    const { status, json } = await call(create(), 'POST', '/__mock/presets/nope');
    expect(status).toBe(404);
    expect(json.message).toBe('There is no preset "nope"; the presets are seed, empty, all-shipped, large.');
  });

  test('the former paths (deprecated) list and apply the same presets and answer as they did', async () => {
    const mock = create();
    expect((await call(mock, 'GET', '/__mock/scenarios')).json).toEqual(
      (await call(mock, 'GET', '/__mock/presets')).json,
    );
    expect((await call(mock, 'POST', '/__mock/scenarios/empty')).json).toEqual({
      scenario: { name: 'empty', description: 'No orders at all: the list is [].' },
    });
    expect((await call(mock, 'GET', '/v1/store/orders')).json).toEqual([]);
    expect((await call(mock, 'POST', '/__mock/scenarios/nope')).status).toBe(404);
  });
});
