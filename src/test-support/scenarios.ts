import { expect } from 'vitest';
import { defaultOrders } from '../core/defaults.ts';
import type { Target } from './targets.ts';

export interface Scenario {
  readonly name: string;
  run(target: Target): Promise<void>;
}

/** Writes to the control planes send JSON as JSON (the Node server refuses other bodies there with 415). */
const JSON_TYPE = { 'content-type': 'application/json' };
const idsWith = (status: string) => defaultOrders.filter((o) => o.status === status).map((o) => String(o.id));
export const [PENDING_ID = '', OTHER_PENDING_ID = ''] = idsWith('pending');
export const [SHIPPED_ID = ''] = idsWith('shipped');
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * True when the target leaves `path` to its framework (MSW), after checking that it really does. MSW matches
 * a defined path with a trailing slash as that path, so the mock answers that one (404) on every target.
 */
async function unhandledOn(target: Target, path: string): Promise<boolean> {
  if (!target.leavesUnknownPathsUnhandled || (path.length > 1 && path.endsWith('/'))) return false;
  await expect(target.request(path), path).rejects.toThrow();
  return true;
}

async function listedIds(target: Target): Promise<string[]> {
  const list = await target.request('/v1/store/orders');
  // Ids are read as digits from the raw text: JSON.parse would round ids beyond 2^53.
  return [...list.text.matchAll(/"id":(\d+)/g)].map((match) => match[1] as string);
}

function expectUnauthorized(response: Awaited<ReturnType<Target['request']>>, withError: boolean): void {
  expect(response.status).toBe(401);
  expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  const challenge = response.header('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer realm="petstore"/);
  expect(challenge.includes('error="invalid_token"')).toBe(withError);
  expect(response.header('access-control-allow-origin')).toBe('*');
}

/** The behaviour every target must show; each name is what a user would notice. */
export const scenarios: Scenario[] = [
  {
    name: 'lists every seeded order without the internal status',
    async run(target) {
      const response = await target.request('/v1/store/orders');
      expect(response.status).toBe(200);
      expect(response.header('content-type')).toBe('application/json; charset=utf-8');
      const orders = response.json<Record<string, unknown>[]>();
      expect(orders).toHaveLength(defaultOrders.length);
      expect(orders.every((order) => !('status' in order))).toBe(true);
    },
  },
  {
    name: 'answers 401 with a bearer challenge and an Error body when no key is sent, on every operation',
    async run(target) {
      for (const [path, method] of [
        ['/v1/store/orders', 'GET'],
        [`/v1/store/orders/${PENDING_ID}`, 'DELETE'],
        ['/v1/pets/1', 'GET'],
      ] as const) {
        expectUnauthorized(await target.request(path, { method, auth: false }), false);
      }
    },
  },
  {
    name: 'answers 401 with error="invalid_token" when a wrong or malformed key is sent',
    async run(target) {
      for (const authorization of ['Bearer wrong-key', 'Bearer', 'Bearer two words', 'Bearer ké']) {
        const response = await target.request('/v1/store/orders', {
          auth: false,
          headers: { authorization },
        });
        expectUnauthorized(response, true);
      }
    },
  },
  {
    name: 'treats another scheme as no bearer key at all',
    async run(target) {
      const basic = await target.request('/v1/store/orders', {
        auth: false,
        headers: { authorization: 'Basic dGVzdC1rZXk6' },
      });
      expectUnauthorized(basic, false);
    },
  },
  {
    name: 'accepts the bearer scheme in any case',
    async run(target) {
      for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
        const response = await target.request('/v1/store/orders', {
          auth: false,
          headers: { authorization: `${scheme} test-key` },
        });
        expect(response.status).toBe(200);
      }
    },
  },
  {
    name: 'checks the key before looking for the order',
    async run(target) {
      const response = await target.request('/v1/store/orders/999999', { method: 'DELETE', auth: false });
      expect(response.status).toBe(401);
    },
  },
  {
    name: 'cancels a pending order with 204 and no body, and the order leaves the list',
    async run(target) {
      const response = await target.request(`/v1/store/orders/${PENDING_ID}`, { method: 'DELETE' });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(response.header('content-type')).toBeNull();
      expect(await listedIds(target)).not.toContain(PENDING_ID);
    },
  },
  {
    name: 'answers 404 when a cancelled order is cancelled again',
    async run(target) {
      await target.request(`/v1/store/orders/${PENDING_ID}`, { method: 'DELETE' });
      const again = await target.request(`/v1/store/orders/${PENDING_ID}`, { method: 'DELETE' });
      expect(again.status).toBe(404);
      expect(again.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    },
  },
  {
    name: 'answers 409 with an Error body for a shipped order, which stays listed',
    async run(target) {
      const response = await target.request(`/v1/store/orders/${SHIPPED_ID}`, { method: 'DELETE' });
      expect(response.status).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_ALREADY_SHIPPED', status: 409 });
      expect(await listedIds(target)).toContain(SHIPPED_ID);
    },
  },
  {
    name: 'answers 404 with an Error body for an order that does not exist',
    async run(target) {
      const response = await target.request('/v1/store/orders/424242', { method: 'DELETE' });
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    },
  },
  {
    name: 'answers 404, never a 5xx, for ids that are not canonical int64',
    async run(target) {
      const malformed = [
        'abc',
        '1.5',
        '-1',
        '+1',
        '0x10',
        '01',
        '1e3',
        '9223372036854775808',
        '%20',
        '1%2F2',
      ];
      for (const id of malformed) {
        const response = await target.request(`/v1/store/orders/${id}`, { method: 'DELETE' });
        expect(response.status, id).toBe(404);
      }
      expect(await listedIds(target)).toHaveLength(defaultOrders.length);
    },
  },
  {
    name: 'keeps int64 ids beyond 2^53 exact, from creation to cancel',
    async run(target) {
      const big = '9007199254740993'; // 2^53 + 1: a JS number would read it as 2^53.
      const created = await target.request('/__mock/orders', {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ id: big, petId: '9223372036854775807', status: 'pending' }),
      });
      expect(created.status).toBe(201);
      expect(created.text).toContain(`"id":${big}`);
      expect(await listedIds(target)).toContain(big);
      const neighbour = await target.request('/v1/store/orders/9007199254740992', { method: 'DELETE' });
      expect(neighbour.status).toBe(404);
      const cancelled = await target.request(`/v1/store/orders/${big}`, { method: 'DELETE' });
      expect(cancelled.status).toBe(204);
    },
  },
  {
    name: 'ignores query parameters on the list (no filtering or pagination before v2)',
    async run(target) {
      const response = await target.request('/v1/store/orders?status=pending&limit=1');
      expect(response.status).toBe(200);
      expect(response.json<unknown[]>()).toHaveLength(defaultOrders.length);
    },
  },
  {
    name: 'answers 404 with an Error body for an unknown path',
    async run(target) {
      // `/` is not among them: the server answers it with a landing page (src/pages/landing.test.ts).
      for (const path of ['/v1/store/inventory', '/v1/store/orders/', '/v2/store/orders', '/v1']) {
        if (await unhandledOn(target, path)) continue;
        const response = await target.request(path);
        expect(response.status, path).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    },
  },
  {
    name: 'answers 405 with Allow for a known path and another method',
    async run(target) {
      const post = await target.request('/v1/store/orders', { method: 'POST', body: '{}' });
      expect(post.status).toBe(405);
      expect(post.header('allow')).toBe('GET, HEAD, OPTIONS');
      const get = await target.request(`/v1/store/orders/${PENDING_ID}`);
      expect(get.status).toBe(405);
      expect(get.header('allow')).toBe('DELETE, OPTIONS');
    },
  },
  {
    name: 'answers a CORS preflight without a key, reflecting the origin with credentials',
    async run(target) {
      const response = await target.request('/v1/store/orders', {
        method: 'OPTIONS',
        auth: false,
        headers: { origin: 'http://app.test', 'access-control-request-method': 'DELETE' },
      });
      expect(response.status).toBe(204);
      expect(response.header('access-control-allow-origin')).toBe('http://app.test');
      expect(response.header('access-control-allow-credentials')).toBe('true');
      expect(response.header('access-control-allow-methods')).toContain('DELETE');
      expect(response.header('access-control-allow-headers')).toContain('Authorization');
    },
  },
  {
    name: 'marks the pet lookup deprecated with Deprecation, Sunset and Link',
    async run(target) {
      const response = await target.request('/v1/pets/1');
      expect(response.status).toBe(200);
      const deprecation = response.header('deprecation') ?? '';
      const sunset = response.header('sunset') ?? '';
      expect(deprecation).toMatch(/^@\d+$/);
      expect(sunset).toMatch(IMF_FIXDATE);
      expect(Date.parse(sunset) / 1000).toBeGreaterThanOrEqual(Number(deprecation.slice(1)));
      expect(response.header('link')).toMatch(/rel="deprecation"/);
      expect(response.header('link')).toMatch(/rel="sunset"/);
    },
  },
  {
    name: 'answers 404 with the deprecation headers for a pet that does not exist',
    async run(target) {
      const response = await target.request('/v1/pets/999');
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PET_NOT_FOUND' });
      expect(response.header('deprecation')).toMatch(/^@\d+$/);
    },
  },
  {
    name: 'lets the admin API ship a pending order, which then cannot be cancelled',
    async run(target) {
      const shipped = await target.request(`/__mock/orders/${OTHER_PENDING_ID}/ship`, { method: 'POST' });
      expect(shipped.status).toBe(200);
      expect(shipped.json()).toMatchObject({ status: 'shipped', complete: true });
      const cancel = await target.request(`/v1/store/orders/${OTHER_PENDING_ID}`, { method: 'DELETE' });
      expect(cancel.status).toBe(409);
      const again = await target.request(`/__mock/orders/${OTHER_PENDING_ID}/ship`, { method: 'POST' });
      expect(again.status).toBe(409);
    },
  },
  {
    name: 'shows cancelled orders with their status in the admin list',
    async run(target) {
      await target.request(`/v1/store/orders/${PENDING_ID}`, { method: 'DELETE' });
      const all = await target.request('/__mock/orders', { auth: false });
      const order = all.json<{ id: number; status: string }[]>().find((o) => String(o.id) === PENDING_ID);
      expect(order?.status).toBe('cancelled');
    },
  },
  {
    name: 'refuses invalid admin input with a 400 Error body',
    async run(target) {
      for (const body of [
        'not json',
        '[]',
        '{"status":"lost"}',
        '{"quantity":0}',
        '{"id":9007199254740993}',
      ]) {
        const response = await target.request('/__mock/orders', { method: 'POST', headers: JSON_TYPE, body });
        expect(response.status, body).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
      }
    },
  },
  {
    name: 'refuses impossible orders in the admin API, naming the field, and lists none of them',
    async run(target) {
      for (const [body, field] of [
        ['{"shipDate":"2026-02-30T00:00:00Z"}', 'shipDate'],
        [`{"shipDate":"2026-03-01T00:00:00.${'1'.repeat(100_000)}Z"}`, 'shipDate'],
        ['{"complete":true,"status":"pending"}', 'complete'],
        ['{"complete":false,"status":"shipped"}', 'complete'],
        ['{"quantity":"2"}', 'quantity'],
        ['{"petId":1,"colour":"red"}', 'colour'],
      ] as const) {
        const response = await target.request('/__mock/orders', { method: 'POST', headers: JSON_TYPE, body });
        expect(response.status, body.slice(0, 80)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
        expect(response.json<{ message: string }>().message).toContain(field);
      }
      expect(await listedIds(target)).toHaveLength(defaultOrders.length);
    },
  },
  {
    name: 'answers an unknown route with the same 404 code on the Store API and the admin API',
    async run(target) {
      for (const path of ['/v1/unknown', '/__mock/unknown']) {
        if (await unhandledOn(target, path)) continue;
        const response = await target.request(path);
        expect(response.status, path).toBe(404);
        expect(response.json(), path).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      }
    },
  },
  {
    name: 'shows and moves the one clock through the admin API, and the pet lookup follows it',
    async run(target) {
      const before = await target.request('/__mock/clock');
      expect(before.status).toBe(200);
      const { now, mode } = before.json<{ now: string; mode: string }>();
      expect(mode).toBe('manual');
      const advanced = await target.request('/__mock/clock/advance', {
        method: 'POST',
        headers: JSON_TYPE,
        body: '{"by":"400d"}',
      });
      expect(advanced.status).toBe(200);
      expect(Date.parse(advanced.json<{ now: string }>().now) - Date.parse(now)).toBe(400 * 86_400_000);
      expect((await target.request('/v1/pets/1')).status).toBe(410);
      const set = await target.request('/__mock/clock/set', {
        method: 'POST',
        headers: JSON_TYPE,
        body: '{"to":"2031-01-01T00:00:00Z"}',
      });
      expect(set.json()).toMatchObject({ now: '2031-01-01T00:00:00.000Z' });
      const backwards = await target.request('/__mock/clock/set', {
        method: 'POST',
        headers: JSON_TYPE,
        body: `{"to":"${now}"}`,
      });
      expect(backwards.status).toBe(409);
      const wrong = await target.request('/__mock/clock/advance', {
        method: 'POST',
        headers: JSON_TYPE,
        body: '{"by":400}',
      });
      expect([wrong.status, wrong.json<{ message: string }>().message]).toEqual([
        400,
        expect.stringContaining('by'),
      ]);
      await target.request('/__mock/reset', { method: 'POST', headers: JSON_TYPE, body: '{}' });
      expect((await target.request('/__mock/clock')).json()).toMatchObject({ now });
      expect((await target.request('/v1/pets/1')).status).toBe(200);
    },
  },
  {
    name: 'resets to the seed state through the admin API',
    async run(target) {
      await target.request(`/v1/store/orders/${PENDING_ID}`, { method: 'DELETE' });
      const reset = await target.request('/__mock/reset', { method: 'POST', auth: false });
      expect(reset.status).toBe(204);
      expect(await listedIds(target)).toContain(PENDING_ID);
    },
  },
  {
    name: 'journals requests with the Authorization header redacted',
    async run(target) {
      await target.request('/v1/store/orders');
      const journal = await target.request('/__mock/requests', { auth: false });
      const entries = journal.json<{ path: string; status: number; headers: Record<string, string> }[]>();
      const last = entries.at(-1);
      expect(last).toMatchObject({ path: '/v1/store/orders', status: 200 });
      expect(last?.headers.authorization).toBe('[redacted]');
      expect(journal.text).not.toContain('test-key');
    },
  },
];
