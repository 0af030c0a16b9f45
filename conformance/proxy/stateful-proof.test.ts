import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/index.ts';
import { type RunningServer, startServer } from '../../src/node/index.ts';
import type { Listening } from '../test-support/listen.ts';
import {
  type PlainRequest,
  type PlainResponse,
  startTarget,
  TARGET_KEY,
  type TargetOptions,
} from '../test-support/target.ts';
import { type RunningProxy, startProxy } from './server.ts';
import { send } from './test-support/tap.ts';

// The proxy's grading across exchanges, proved with a scripted client: each upstream breaks one rule of the
// spec's state machine, a script sends the traffic an app would through the proxy, and the proxy names that
// rule, citing the exchanges by their sequence numbers. The same scripts pass against the suite's reference,
// a legal variant (cancelled orders stay listed) and the project's mock, one X-Mock-Session per script.

/** One request of a script: method, path below /v1, and whether it carries the key. */
type Line = [method: 'GET' | 'DELETE', path: string, key?: 'none'];
const list: Line = ['GET', '/store/orders'];
const cancel = (id: number, key?: 'none'): Line =>
  ['DELETE', `/store/orders/${id}`, ...(key ? [key] : [])] as Line;

// Orders of the suite's reference and of the mock's seed: 1 and 3 pending, 2 shipped.
const onList = (rewrite: (body: string) => string) => ({
  transform: (request: PlainRequest, response: PlainResponse) =>
    request.method === 'GET' && request.path === '/store/orders' && response.status === 200
      ? { ...response, body: rewrite(response.body ?? '[]') }
      : response,
});
const ORDER_1 = '{"id":1,"petId":7,"quantity":1,"shipDate":"2026-12-01T10:00:00.000Z","complete":false}';
const keepListing1 = onList((body) =>
  body.includes('{"id":1,') ? body : body.replace(/^\[/, `[${ORDER_1},`),
);

const BROKEN: Array<{
  broken: string;
  options: TargetOptions;
  script: Line[];
  rule: string;
  exchanges: number[];
  message: RegExp;
}> = [
  {
    broken: 'a second cancel of a cancelled order answers 204',
    options: { cancelAgainSucceeds: true },
    script: [list, cancel(1), cancel(1)],
    rule: 'orders.cancel-final',
    exchanges: [2, 3],
    message:
      /^DELETE \/store\/orders\/1 → 204 \(#3\): order 1 was already cancelled by DELETE \/store\/orders\/1 → 204 \(#2\)$/,
  },
  {
    broken: 'a cancelled order still listed while its second cancel says it is gone',
    options: keepListing1,
    script: [list, cancel(1), cancel(1), list],
    rule: 'orders.cancel-final',
    exchanges: [2, 3, 4],
    message:
      /\(#4\): still lists order 1 after .* \(#2\), yet DELETE \/store\/orders\/1 → 404 \(#3\) said it is gone$/,
  },
  {
    broken: 'one cancelled order kept in the list while another left it',
    options: keepListing1,
    script: [list, cancel(3), list, cancel(1), list],
    rule: 'orders.cancel-final',
    exchanges: [4, 2, 3, 5],
    message: /\(#5\): still lists order 1 after .* \(#4\), while order 3 left .* \(#3\) after .* \(#2\)$/,
  },
  {
    broken: 'a 409 after which the order left the list',
    options: { refusedButCancels: 'conflict' },
    script: [list, cancel(2), list],
    rule: 'orders.refused-unchanged',
    exchanges: [1, 2, 3],
    message: /\(#3\): no longer lists order 2, listed in .* \(#1\), after the refused .* → 409 \(#2\)$/,
  },
  {
    broken: 'a 401 cancel after which the order is gone',
    options: { refusedButCancels: 'unauthorized' },
    script: [list, cancel(1, 'none'), list],
    rule: 'orders.refused-unchanged',
    exchanges: [1, 2, 3],
    message: /\(#3\): no longer lists order 1, listed in .* \(#1\), after the refused .* → 401 \(#2\)$/,
  },
  {
    broken: 'a 409 for an order the list did not hold (shipped orders left out of the list)',
    options: onList((body) => body.replace(/,?\{"id":2,[^}]*\}/, '').replace('[,', '[')),
    script: [list, cancel(2)],
    rule: 'orders.cancel-absent',
    exchanges: [1, 2],
    message:
      /^DELETE \/store\/orders\/2 → 409 \(#2\): GET \/store\/orders → 200 \(#1\) did not hold order 2$/,
  },
  {
    broken: 'a 404 for an order the list holds',
    options: {
      transform: (request, response) =>
        request.method === 'DELETE' && request.path === '/store/orders/3'
          ? {
              status: 404,
              headers: { ...response.headers, 'content-type': 'application/json' },
              body: '{"code":"ORDER_NOT_FOUND","message":"no","status":404}',
            }
          : response,
    },
    script: [list, cancel(3)],
    rule: 'proxy.listed-found',
    exchanges: [1, 2],
    message: /^DELETE \/store\/orders\/3 → 404 \(#2\): GET \/store\/orders → 200 \(#1\) holds order 3$/,
  },
];

/** Every script, and one that cancels an order no list holds. */
const SCRIPTS: Line[][] = [...BROKEN.map(({ script }) => script), [list, cancel(999)]];

const running: Array<Listening | RunningProxy> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => ('stop' in r ? r.stop() : r.close())));
});

async function proxyTo(baseUrl: string): Promise<RunningProxy> {
  const proxy = await startProxy({ upstream: baseUrl, port: 0 });
  running.push(proxy);
  return proxy;
}

/** Sends a script through the proxy as an app would, with the key (or none) and a session; returns the statuses. */
async function play(proxy: RunningProxy, script: Line[], key: string, session?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const [method, path, auth] of script) {
    const headers = [
      ...(auth === 'none' ? [] : ['Authorization', `Bearer ${key}`]),
      ...(session ? ['X-Mock-Session', session] : []),
    ];
    statuses.push((await send(`${proxy.baseUrl}${path}`, method, headers)).status);
  }
  return statuses;
}

const graded = (report: RunningProxy['report'] extends () => infer R ? R : never) =>
  report.violations.filter((v) => v.severity !== 'info');

describe('the proxy grades the state the traffic shows', () => {
  it.each(BROKEN)('names $rule when $broken', async ({ options, script, rule, exchanges, message }) => {
    const target = await startTarget(options);
    running.push(target);
    const proxy = await proxyTo(target.baseUrl);
    await play(proxy, script, TARGET_KEY);
    const report = proxy.report();
    const found = graded(report);
    expect(found.map((v) => `${v.severity} ${v.check}`)).toEqual([`must ${rule}`]);
    expect(found[0]?.exchanges).toEqual(exchanges);
    expect(found[0]?.seq).toBe(script.length);
    expect(found[0]?.message).toMatch(message);
    expect(report.summary.exitCode).toBe(1);
    expect(JSON.stringify(report)).not.toContain(TARGET_KEY);
  });

  it.each([
    ['the reference', {}],
    ['a reference that keeps cancelled orders listed (a second cancel: 409)', { cancelledStayListed: true }],
  ])('finds nothing wrong with %s, whatever the script', async (_, options: TargetOptions) => {
    for (const script of SCRIPTS) {
      const target = await startTarget(options);
      running.push(target);
      const proxy = await proxyTo(target.baseUrl);
      await play(proxy, script, TARGET_KEY);
      expect(graded(proxy.report()), script.join(' ')).toEqual([]);
    }
  });
});

describe('the project mock through the proxy, one X-Mock-Session per script', () => {
  const KEY = 'mock-key-0123456789';
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({
      port: 0,
      host: '127.0.0.1',
      apiKeys: [KEY],
      clock: createClock('manual', Date.parse('2026-11-01T00:00:00Z')),
    });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('finds no violation, though every session cancels the same orders again', async () => {
    const proxy = await proxyTo(mock.baseUrl);
    const statuses: number[][] = [];
    for (const [index, script] of SCRIPTS.entries())
      statuses.push(await play(proxy, script, KEY, `script-${index}`));
    expect(statuses[0]).toEqual([200, 204, 404]);
    expect(statuses[3]).toEqual([200, 409, 200]);
    const report = proxy.report();
    expect(graded(report)).toEqual([]);
    const results = proxy.events().flatMap((e) => (e.type === 'check' ? [e.result] : []));
    const passed = (id: string) => results.find((r) => r.id === id)?.status;
    expect(
      ['orders.cancel-final', 'orders.refused-unchanged', 'orders.cancel-absent', 'proxy.listed-found'].map(
        passed,
      ),
    ).toEqual(['passed', 'passed', 'passed', 'passed']);
  });
});
