import { describe, expect, test } from 'vitest';
import { createMock } from '../../mock/mock.ts';
import { startServer } from '../../node/index.ts';
import { callMock } from '../../test-support/admin-call.ts';
import { createClock } from '../controls/clock.ts';

const KEY = 'k';
const mock = () =>
  createMock({ apiKeys: [KEY], clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')) });
type Mock = ReturnType<typeof mock>;

const call = (
  target: Mock,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => callMock(target, KEY, method, path, body, headers);

const STATES = '/__mock/provider-states';
const listedIds = async (target: Mock, headers: Record<string, string> = {}) =>
  ((await call(target, 'GET', '/v1/store/orders', undefined, headers)).json as Array<{ id: number }>).map(
    (order) => String(order.id),
  );

describe('POST /__mock/provider-states (Pact provider states)', () => {
  test('sets up a pending order the Store API lists and cancels: 200 {"orderId"}', async () => {
    const target = mock();
    const setup = await call(target, 'POST', STATES, {
      state: 'a pending order',
      params: {},
      action: 'setup',
    });
    expect(setup.status).toBe(200);
    const { orderId } = setup.json as { orderId: string };
    expect(orderId).toMatch(/^[0-9]+$/);
    expect(await listedIds(target)).toContain(orderId);
    expect((await call(target, 'DELETE', `/v1/store/orders/${orderId}`)).status).toBe(204);
  });

  test('sets up a shipped order whose cancel is refused, and takes "setup" as the default action', async () => {
    const target = mock();
    const { json } = await call(target, 'POST', STATES, { state: 'a shipped order' });
    expect((await call(target, 'DELETE', `/v1/store/orders/${json.orderId}`)).status).toBe(409);
  });

  test('tears an order down whatever its status: it leaves the list and its cancel is a 404; again is no change', async () => {
    const target = mock();
    for (const state of ['a pending order', 'a shipped order']) {
      const { orderId } = (await call(target, 'POST', STATES, { state })).json as { orderId: string };
      const teardown = { state, params: { orderId }, action: 'teardown' };
      expect((await call(target, 'POST', STATES, teardown)).status).toBe(204);
      expect(await listedIds(target)).not.toContain(orderId);
      expect((await call(target, 'DELETE', `/v1/store/orders/${orderId}`)).status).toBe(404);
      expect((await call(target, 'POST', STATES, teardown)).status).toBe(204);
    }
  });

  test('gives the id asked for in params, a 409 when it is taken, a 404 to the teardown of an unknown id', async () => {
    const target = mock();
    const asked = await call(target, 'POST', STATES, {
      state: 'a pending order',
      params: { orderId: '9007199254740993' },
    });
    expect(asked.json).toEqual({ orderId: '9007199254740993' });
    const taken = await call(target, 'POST', STATES, { state: 'a pending order', params: { orderId: 1 } });
    expect(taken).toMatchObject({ status: 409, json: { code: 'ORDER_ID_TAKEN' } });
    const unknown = await call(target, 'POST', STATES, {
      state: 'a pending order',
      params: { orderId: '424242' },
      action: 'teardown',
    });
    expect(unknown).toMatchObject({ status: 404, json: { code: 'ORDER_NOT_FOUND' } });
  });

  test("ignores a consumer's own params, and a teardown without an orderId withdraws nothing", async () => {
    const target = mock();
    const before = await listedIds(target);
    const setup = await call(target, 'POST', STATES, { state: 'a pending order', params: { region: 'eu' } });
    expect(setup.status).toBe(200);
    const teardown = { state: 'a pending order', params: { region: 'eu' }, action: 'teardown' };
    expect((await call(target, 'POST', STATES, teardown)).status).toBe(204);
    expect(await listedIds(target)).toEqual([...before, setup.json.orderId]);
  });

  test('answers an unknown state with a 400 that lists the known ones', async () => {
    const { status, json } = await call(mock(), 'POST', STATES, { state: 'an order that was lost' });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      code: 'UNKNOWN_PROVIDER_STATE',
      message:
        'There is no provider state "an order that was lost"; the known ones are "a pending order", "a shipped order".',
    });
  });

  test.each([
    ['not JSON', 'state=a pending order'],
    ['an unknown action', { state: 'a pending order', action: 'verify' }],
    ['an id that is no int64', { state: 'a pending order', params: { orderId: '-1' } }],
    ['an unknown field', { state: 'a pending order', provider: 'x' }],
    ['a state that is not text', { state: 7 }],
  ])('refuses %s with a 400 and changes nothing', async (_name, body) => {
    const target = mock();
    const before = await listedIds(target);
    const { status, json } = await call(target, 'POST', STATES, body);
    expect(status).toBe(400);
    expect(json.code).toBe('INVALID_REQUEST');
    expect(await listedIds(target)).toEqual(before);
  });

  test('keeps the orders of a session in that session', async () => {
    const target = mock();
    const session = { 'x-mock-session': 'pact-1' };
    const { json } = await call(target, 'POST', STATES, { state: 'a pending order' }, session);
    expect(await listedIds(target, session)).toContain(json.orderId);
    expect(await listedIds(target)).not.toContain(json.orderId);
  });

  test('is a control plane: a body that is not JSON is a 415', async () => {
    // Like every /__mock write; the spec leaves the 415 of the control planes to its description.
    const response = await mock().handle({
      method: 'POST',
      path: STATES,
      query: '',
      headers: { 'content-type': 'text/plain' },
      body: '{"state":"a pending order"}',
    });
    expect(response.status).toBe(415);
  });

  test('is a control plane: the server refuses a foreign page (403) and creates nothing', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', apiKeys: [KEY] });
    try {
      const post = (headers: Record<string, string>) =>
        fetch(`${server.url}${STATES}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ state: 'a pending order' }),
        });
      expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
      expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      const orders = (await (await fetch(`${server.url}/__mock/orders`)).json()) as unknown[];
      expect((await post({})).status).toBe(200);
      expect((await (await fetch(`${server.url}/__mock/orders`)).json()) as unknown[]).toHaveLength(
        orders.length + 1,
      );
    } finally {
      await server.close();
    }
  });
});
