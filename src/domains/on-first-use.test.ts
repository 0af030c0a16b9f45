import { describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import type { ExtensionFactory, MockExtension } from '../core/extension.ts';
import { createMock, type Mock } from '../mock/mock.ts';
import { type DomainsSimulationOptions, domainsSimulation } from './extension.ts';
import { domainsOnFirstUse } from './on-first-use.ts';

const KEY = 'test-key';
const START = Date.parse('2026-09-01T00:00:00Z');
const OWN = { ownHosts: ['127.0.0.1:4010'], refuseUnknownHosts: true } satisfies DomainsSimulationOptions;

/** The same mock twice: the simulation built with it, and loaded on its first use. */
function both(options: DomainsSimulationOptions = OWN) {
  const built: MockExtension[] = [];
  const keep =
    (factory: ExtensionFactory): ExtensionFactory =>
    (context) => {
      const extension = typeof factory === 'function' ? factory(context) : factory;
      built.push(extension);
      return extension;
    };
  const mock = (factory: ExtensionFactory) =>
    createMock({ apiKeys: [KEY], clock: createClock('manual', START), extensions: [keep(factory)] });
  const eager = mock(domainsSimulation(options));
  const onFirstUse = mock(domainsOnFirstUse(options));
  const lazy = built[1] as ReturnType<ReturnType<typeof domainsOnFirstUse>>;
  return { eager, onFirstUse, lazy };
}

async function call(mock: Mock, method: string, target: string, body?: unknown, host = '127.0.0.1:4010') {
  const [path = '', query = ''] = target.split('?');
  const response = await mock.handle({
    method,
    path,
    query,
    headers: { host, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = response.body?.text ?? '';
  return { status: response.status, location: response.headers.location, body: text ? JSON.parse(text) : '' };
}

/** What a walk through the simulation's planes answers, in order. */
async function walk(mock: Mock) {
  const answers = [];
  // The clock moves before the simulation is first used: its seed is still dated at the start.
  answers.push(await call(mock, 'POST', '/__mock/clock/advance', { by: '1h' }));
  answers.push(await call(mock, 'GET', '/__dashboard/api/projects'));
  answers.push(await call(mock, 'GET', '/__mock/presets'));
  answers.push(await call(mock, 'POST', '/__mock/presets/domains:every-state'));
  answers.push(await call(mock, 'GET', '/v1/store/orders?status=pending', undefined, 'example.com'));
  answers.push(await call(mock, 'GET', '/v1/store/orders', undefined, 'www.example.com'));
  answers.push(await call(mock, 'GET', '/__dashboard/api/projects/acme-shop/domains'));
  answers.push(await call(mock, 'POST', '/__mock/dashboard/clock/advance', { by: '10m' }));
  answers.push(await call(mock, 'GET', '/__dashboard/api/projects/acme-shop/domains/verifying.example.com'));
  answers.push(await call(mock, 'GET', '/__mock/state'));
  answers.push(await call(mock, 'POST', '/__mock/reset'));
  answers.push(await call(mock, 'GET', '/__dashboard/api/projects/acme-shop/domains'));
  return answers;
}

describe('the domains simulation loaded on its first use', () => {
  test('answers a walk through its API, controls, presets, hosts and state as the simulation built at once', async () => {
    const { eager, onFirstUse } = both();
    const answers = await walk(onFirstUse);
    expect(answers).toEqual(await walk(eager));
    expect(answers[4]).toMatchObject({
      status: 301,
      location: 'http://www.example.com/v1/store/orders?status=pending',
    });
  });

  test('answers the Store API, on its own hosts and on foreign ones, without loading its code', async () => {
    const { onFirstUse, lazy } = both();
    expect((await call(onFirstUse, 'GET', '/v1/store/orders')).status).toBe(200);
    expect(
      (await call(onFirstUse, 'GET', '/v1/store/orders', undefined, 'shop.mockpages.example')).status,
    ).toBe(200);
    const foreign = await call(onFirstUse, 'GET', '/v1/store/orders', undefined, 'evil.example.com');
    expect([foreign.status, foreign.body.code]).toEqual([421, 'HOST_NOT_ALLOWED']);
    expect((await call(onFirstUse, 'GET', '/__mock/orders')).status).toBe(200);
    expect(lazy.simulation).toBeUndefined();

    expect((await call(onFirstUse, 'GET', '/__dashboard/api/projects')).status).toBe(200);
    expect(lazy.simulation?.platform.domain).toBe('mockpages.example');
  });

  test('lets a foreign host pass before its first use when unknown hosts are not refused (as under MSW)', async () => {
    const { onFirstUse } = both({ ownHosts: [] });
    expect((await call(onFirstUse, 'GET', '/v1/store/orders', undefined, 'api.example.com')).status).toBe(
      200,
    );
  });

  test('takes back a saved state with domains before its first use, and serves them', async () => {
    const { eager, onFirstUse } = both();
    await call(eager, 'POST', '/__mock/presets/domains:issued');
    const saved = (await call(eager, 'GET', '/__mock/state')).body;
    expect((await call(onFirstUse, 'PUT', '/__mock/state', saved)).status).toBe(200);
    const served = await call(onFirstUse, 'GET', '/v1/store/orders', undefined, 'www.example.com');
    expect(served.status).toBe(200);
    const broken = { ...saved, domains: { ...saved.domains, projects: [] } };
    const refused = await call(onFirstUse, 'PUT', '/__mock/state', broken);
    expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_REQUEST']);
  });

  test('lists the same routes as the simulation built at once, before it loads', () => {
    const { eager, onFirstUse } = both();
    expect(onFirstUse.routes).toEqual(eager.routes);
    expect(onFirstUse.routes).toContainEqual({ method: 'POST', path: '/__mock/dashboard/presets/:preset' });
  });

  test('refuses a DNS propagation beyond 48 hours when the mock is built, not at the first use', () => {
    expect(() => both({ dnsPropagationMs: 49 * 3_600_000 })).toThrow(/between 0 and 48 hours/);
  });
});
