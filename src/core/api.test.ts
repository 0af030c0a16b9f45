import { describe, expect, test, vi } from 'vitest';
import { createMockApi, type MockApiOptions } from './api.ts';
import { defineErrorCodes } from './http/errors.ts';
import { InMemoryOrderStore } from './orders/memory-store.ts';
import type { MockRequest } from './types.ts';

const KEY = 'k';
const get = (
  path: string,
  headers: Record<string, string> = { authorization: `Bearer ${KEY}` },
): MockRequest => ({
  method: 'GET',
  path,
  query: '',
  headers,
});
const del = (path: string): MockRequest => ({ ...get(path), method: 'DELETE' });
const teapot = defineErrorCodes({ TEAPOT: 418 });
/** A clock that stands before the pets sunset whatever the day the suite runs. */
const before = { now: () => Date.parse('2026-09-01T00:00:00Z') };
const create = (options: MockApiOptions = {}) => createMockApi({ apiKeys: [KEY], clock: before, ...options });

describe('createMockApi', () => {
  test('serializes the order list once per change of state', async () => {
    const api = create();
    const first = await api.handle(get('/v1/store/orders'));
    const second = await api.handle(get('/v1/store/orders'));
    expect(second.body).toBe(first.body);
    await api.handle(del('/v1/store/orders/1'));
    const third = await api.handle(get('/v1/store/orders'));
    expect(third.body).not.toBe(first.body);
    expect(third.body?.text).not.toContain('"id":1,');
  });

  test('answers 410 Gone after the pet lookup sunset, still after authentication', async () => {
    let now = Date.parse('2027-06-30T23:59:59Z');
    const api = create({ clock: { now: () => now } });
    expect((await api.handle(get('/v1/pets/1'))).status).toBe(200);
    now = Date.parse('2027-07-01T00:00:00Z');
    const gone = await api.handle(get('/v1/pets/1'));
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.body?.text ?? '')).toMatchObject({ code: 'ENDPOINT_SUNSET', status: 410 });
    expect(gone.headers.sunset).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    expect((await api.handle(get('/v1/pets/1', {}))).status).toBe(401);
  });

  test('takes the sunset date from the options and refuses one before the deprecation', () => {
    expect(() => create({ petsSunset: '2026-01-01T00:00:00Z' })).toThrow(/must not be earlier/);
    expect(() => create({ petsSunset: 'soon' })).toThrow(/must be a date/);
  });

  test('answers an unexpected failure with a 500 Error body and reports it once', async () => {
    const store = new InMemoryOrderStore([]);
    store.currentRevision = () => {
      throw new Error('disk on fire');
    };
    const onUnexpectedError = vi.fn();
    const api = create({ store, onUnexpectedError });
    const response = await api.handle(get('/v1/store/orders'));
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body?.text ?? '')).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The mock failed unexpectedly; see its log.',
      status: 500,
    });
    expect(onUnexpectedError).toHaveBeenCalledTimes(1);
    expect((await api.handle(get('/v1/pets/1'))).status).toBe(200);
  });

  test('varies on Origin when a fixed CORS origin is configured', async () => {
    const response = await create({ corsOrigin: 'http://app.test' }).handle(get('/v1/store/orders', {}));
    expect(response.headers['access-control-allow-origin']).toBe('http://app.test');
    expect(response.headers.vary).toBe('Origin');
  });

  test('lets extensions answer before authentication, with CORS headers and Error bodies', async () => {
    const api = create({
      extensions: [
        {
          name: 'probe',
          async handle(request) {
            if (request.path === '/probe') return { status: 200, headers: {}, body: { text: '"ok"' } };
            if (request.path === '/refuse') throw teapot('TEAPOT', 'No coffee here.');
            return undefined;
          },
        },
      ],
    });
    const probe = await api.handle(get('/probe', {}));
    expect(probe).toMatchObject({ status: 200, body: { text: '"ok"' } });
    expect(probe.headers['access-control-allow-origin']).toBe('*');
    const refused = await api.handle(get('/refuse', {}));
    expect(JSON.parse(refused.body?.text ?? '')).toEqual({
      code: 'TEAPOT',
      message: 'No coffee here.',
      status: 418,
    });
  });

  test('leaves the admin API out when asked to, and says so under /__mock (not a 401 asking for a key)', async () => {
    const api = create({ admin: false });
    const answer = await api.handle(get('/__mock/orders', {}));
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body?.text ?? '')).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('--no-admin'),
    });
    expect((await api.handle(get('/__mockery', {}))).status).toBe(401);
  });

  test('names the fixture entry that is wrong', () => {
    expect(() =>
      create({
        orders: [
          { petId: 1, quantity: 1 },
          { petId: 'x', quantity: 1 },
        ],
      }),
    ).toThrow(/orders\[1\]: Invalid input: petId/);
  });

  test('serves the deprecation notice that the Link header points at, without a key', async () => {
    const notice = await create().handle(get('/__docs/deprecations/get-pet-by-id', {}));
    expect(notice.status).toBe(200);
    expect(notice.headers['content-type']).toContain('text/html');
    expect(notice.body?.text).toContain('Thu, 01 Jul 2027 00:00:00 GMT');
  });
});

describe('auto-assigned ids', () => {
  test('after an order with id 2^63 - 1, POST /__mock/orders {} creates an order that can be cancelled', async () => {
    const api = create();
    const post = (body: string): MockRequest => ({
      method: 'POST',
      path: '/__mock/orders',
      query: '',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect((await api.handle(post('{"id":"9223372036854775807"}'))).status).toBe(201);
    const created = await api.handle(post('{}'));
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body?.text.replace(/"id":(\d+)/, '"id":"$1"') ?? '') as { id: string };
    expect(BigInt(id) <= 9223372036854775807n).toBe(true);
    const list = await api.handle(get('/v1/store/orders'));
    for (const listed of list.body?.text.matchAll(/"id":(\d+)/g) ?? []) {
      expect((await api.handle(del(`/v1/store/orders/${listed[1]}`))).status, listed[1]).not.toBe(404);
    }
  });
});

describe('the 404 for an unknown order (a template)', () => {
  test('spells the same Error body and headers as any other error, odd ids included', async () => {
    const api = create();
    for (const [path, id] of [
      ['/v1/store/orders/999999999', '999999999'],
      ['/v1/store/orders/a%22b%5C', 'a"b\\'],
      [`/v1/store/orders/${'9'.repeat(80)}`, `${'9'.repeat(64)}…`],
    ] as const) {
      const response = await api.handle(del(path));
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body?.text ?? '')).toEqual({
        code: 'ORDER_NOT_FOUND',
        message: `Order ${id} does not exist.`,
        status: 404,
      });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });
});
