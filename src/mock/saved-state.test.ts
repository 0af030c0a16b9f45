import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsImport from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { domainsSimulation } from '../domains/index.ts';
import { specProblems } from '../test-support/spec-validator.ts';
import { createMock, type Mock } from './mock.ts';

const KEY = 'test-key';
const START = Date.parse('2026-09-01T00:00:00Z');

const newMock = (start = START) =>
  createMock({
    apiKeys: [KEY],
    clock: createClock('manual', start),
    extensions: [domainsSimulation({ dnsPropagationMs: 0 })],
  });

async function call(mock: Mock, method: string, path: string, body?: unknown, session?: string) {
  const response = await mock.handle({
    method,
    path,
    query: '',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      ...(session ? { 'x-mock-session': session } : {}),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = response.body?.text ?? '';
  if (path.startsWith('/__mock/state')) {
    const seen = {
      method,
      path,
      status: response.status,
      contentType: response.headers['content-type'],
      text,
    };
    expect(specProblems(seen), `${method} ${path}`).toEqual([]);
  }
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** Orders cancelled and shipped, a domain mid-verification, a moved clock and two rules, one already counted. */
async function changeEverything(mock: Mock, session?: string) {
  await call(mock, 'DELETE', '/v1/store/orders/1', undefined, session);
  await call(mock, 'POST', '/__mock/orders/3/ship', {}, session);
  await call(
    mock,
    'POST',
    '/__mock/orders',
    { id: '9007199254740993', petId: 4, status: 'pending' },
    session,
  );
  await call(mock, 'POST', '/__mock/presets/domains:verifying', {}, session);
  await call(mock, 'POST', '/__mock/clock/advance', { by: '90s' }, session);
  await call(
    mock,
    'POST',
    '/__mock/faults',
    { path: '/v1/store/orders/*', fault: 'status', status: 503, nth: 2 },
    session,
  );
  await call(mock, 'DELETE', '/v1/store/orders/5', undefined, session);
  await call(mock, 'PUT', '/__mock/latency', { routes: [{ path: '/v1/pets/*', latency: '5ms' }] }, session);
}

describe('GET and PUT /__mock/state', () => {
  test('a state put into a fresh mock reads back the same: orders, clock, rules and the domains simulation', async () => {
    const before = newMock();
    await changeEverything(before);
    const saved = (await call(before, 'GET', '/__mock/state')).json;
    expect(saved).toMatchObject({
      $schema: './node_modules/petstore-mock/spec/mock-state.schema.json',
      version: 1,
      clock: { mode: 'manual', now: '2026-09-01T00:01:30.000Z', offset: '1m30s' },
      faults: [{ id: 'f1', matched: 1, fired: 0, rule: { nth: 2 } }],
      latency: { global: null, routes: [{ path: '/v1/pets/*', latency: '5ms' }] },
      domains: { domains: [{ status: 'verifying' }] },
    });
    expect(saved.orders).toContainEqual(expect.objectContaining({ id: 1, status: 'cancelled' }));
    expect(saved.orders).toContainEqual(expect.objectContaining({ id: '9007199254740993' }));

    // A later start: the manual clock comes back to the saved time, not the new start.
    const after = newMock(START + 86_400_000);
    expect((await call(after, 'PUT', '/__mock/state', saved)).status).toBe(200);
    expect((await call(after, 'GET', '/__mock/state')).json).toEqual(saved);
    // The rule goes on counting: the second matching DELETE fails, as it would have.
    expect((await call(after, 'DELETE', '/v1/store/orders/6')).status).toBe(503);
    // The domain goes on verifying on the restored clock.
    await call(after, 'POST', '/__mock/clock/advance', { by: '10m' });
    const domains = await call(after, 'GET', '/__dashboard/api/projects/acme-shop/domains');
    expect(domains.json.map((domain: { status: string }) => domain.status)).not.toContain('verifying');
    // A reset still goes back to the seed.
    await after.reset();
    expect((await after.snapshot()).orders).toContainEqual(
      expect.objectContaining({ id: 1, status: 'pending' }),
    );
  });

  test.each([
    ['not JSON', 'truncated', /must be JSON/],
    ['another version', 'version', /"version" must be one of 1/],
    ['an order twice', 'twice', /orders\[1\]\.id 2 is given twice/],
    ['a contradiction', 'contradiction', /orders\[0\]: .*complete must be true when status is shipped/],
    ['a latency the mock refuses', 'latency', /"61s" is not a latency/],
    ['a domain of no project', 'orphan', /domains\.domains\[0\]\.projectId "nobody" is not a saved project/],
    ['an unknown part', 'unknown', /"oauth" is not a field/],
  ])(
    'a state with %s is a 400 naming the problem, and the state stays as it was',
    async (_, how, message) => {
      const mock = newMock();
      await changeEverything(mock);
      const saved = (await call(mock, 'GET', '/__mock/state')).json;
      const body = brokenState(saved, how);
      const refused = await call(mock, 'PUT', '/__mock/state', body);
      expect(refused.status).toBe(400);
      expect(refused.json.message).toMatch(message);
      expect((await call(mock, 'GET', '/__mock/state')).json).toEqual(saved);
    },
  );

  test('with X-Mock-Session, a session saves and restores its own state only', async () => {
    const mock = newMock();
    await changeEverything(mock, 'a');
    const saved = (await call(mock, 'GET', '/__mock/state', undefined, 'a')).json;
    const seed = (await call(mock, 'GET', '/__mock/state')).json;
    expect(seed.orders).toContainEqual(expect.objectContaining({ id: 1, status: 'pending' }));
    await call(mock, 'PUT', '/__mock/state', saved, 'b');
    expect((await call(mock, 'GET', '/__mock/state', undefined, 'b')).json).toEqual(saved);
    expect((await call(mock, 'GET', '/__mock/state')).json).toEqual(seed);
  });

  test('a part the state leaves out goes back to its seed; a mock without that part refuses it', async () => {
    const mock = newMock();
    await changeEverything(mock);
    const { domains, ...withoutDomains } = await mock.snapshot();
    await mock.restore(withoutDomains);
    expect((await mock.snapshot()).domains?.domains).toEqual([]);
    const plain = createMock({ apiKeys: [KEY], clock: createClock('manual', START) });
    await expect(plain.restore({ ...withoutDomains, domains })).rejects.toThrow(
      /"domains" is saved, but this mock does not run that part/,
    );
  });

  test('onChange is told of every change to the default state, never of reads or sessions', async () => {
    let changes = 0;
    const mock = createMock({ apiKeys: [KEY], onChange: () => changes++ });
    await call(mock, 'GET', '/v1/store/orders');
    await call(mock, 'DELETE', '/v1/store/orders/1', undefined, 'a');
    expect(changes).toBe(0);
    await call(mock, 'DELETE', '/v1/store/orders/1');
    await mock.restore(await mock.snapshot());
    await mock.reset();
    expect(changes).toBe(3);
  });
});

test('the exported petstore-mock/state.schema.json holds a saved state, and refuses a broken one', async () => {
  const mock = newMock();
  await changeEverything(mock);
  const saved = await mock.snapshot();
  const file = createRequire(import.meta.url).resolve('petstore-mock/state.schema.json');
  const addFormats = formatsImport as unknown as typeof formatsImport.default;
  const ajv = addFormats(new Ajv2020({ strict: false }));
  const validate = ajv.compile(JSON.parse(await readFile(file, 'utf8')));
  expect(validate(JSON.parse(JSON.stringify(saved))), ajv.errorsText(validate.errors)).toBe(true);
  expect(validate({ ...saved, orders: [{ id: 1 }] })).toBe(false);
  expect(validate({ ...saved, extra: true })).toBe(false);
});

function brokenState(saved: Record<string, unknown>, how: string): unknown {
  const orders = saved.orders as Record<string, unknown>[];
  switch (how) {
    case 'truncated':
      return JSON.stringify(saved).slice(0, 100);
    case 'version':
      return { ...saved, version: 2 };
    case 'twice':
      return { ...saved, orders: [orders[1], orders[1]] };
    case 'contradiction':
      return { ...saved, orders: [{ ...orders[0], status: 'shipped', complete: false }] };
    case 'latency':
      return { ...saved, latency: { global: '61s' } };
    case 'orphan': {
      const domains = saved.domains as { domains: Record<string, unknown>[] };
      return { ...saved, domains: { ...domains, domains: [{ ...domains.domains[0], projectId: 'nobody' }] } };
    }
    default:
      return { ...saved, oauth: {} };
  }
}
