import { describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { domainsSimulation } from '../domains/index.ts';
import { generateOrderColumns } from '../seed/generate.ts';
import { createMock, type Mock } from './mock.ts';

const START = Date.parse('2026-09-01T00:00:00Z');
const json = { 'content-type': 'application/json' };

const newMock = () =>
  createMock({
    apiKeys: ['test-key'],
    clock: createClock('manual', START),
    orders: generateOrderColumns({ seed: 5, count: 9000 }),
    extensions: [domainsSimulation({ dnsPropagationMs: 0 })],
  });

async function call(mock: Mock, method: string, path: string, body?: unknown) {
  const response = await mock.handle({
    method,
    path,
    query: '',
    headers: json,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: response.body?.text ?? '' };
}

describe('the answer of GET and PUT /__mock/state', () => {
  test('is the JSON of the state document, byte for byte, after changes and over chunks of the seed', async () => {
    const mock = newMock();
    await call(mock, 'POST', '/__mock/orders/5000/cancel');
    await call(mock, 'POST', '/__mock/orders', {
      id: 20_000,
      petId: 3,
      quantity: 1,
      shipDate: '2026-09-04T00:00:00Z',
    });
    await call(mock, 'POST', '/__mock/clock/advance', { by: '2h' });

    const got = await call(mock, 'GET', '/__mock/state');

    expect(got.text).toBe(JSON.stringify(await mock.snapshot()));
    const put = await call(mock, 'PUT', '/__mock/state', JSON.parse(got.text));
    expect(put).toEqual({ status: 200, text: got.text });
  });

  test('writes ids beyond 2^53 as strings, as the state document does', async () => {
    const mock = newMock();
    await call(mock, 'POST', '/__mock/orders', { id: '1234567890123456789', petId: '987654321098765432' });

    const got = await call(mock, 'GET', '/__mock/state');

    expect(got.text).toContain('"id":"1234567890123456789","petId":"987654321098765432"');
    expect(got.text).toBe(JSON.stringify(await mock.snapshot()));
  });

  test('puts a large state back the way GET gave it, and a broken one changes nothing', async () => {
    const mock = newMock();
    const before = (await call(mock, 'GET', '/__mock/state')).text;
    const state = JSON.parse(before);
    state.orders[8000].quantity = 0;

    const refused = await call(mock, 'PUT', '/__mock/state', state);

    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).message).toContain('orders[8000]');
    expect((await call(mock, 'GET', '/__mock/state')).text).toBe(before);
  });
});
