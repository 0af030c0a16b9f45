import { describe, expect, it } from 'vitest';
import type { Check } from '../checks/registry.ts';
import { Failure } from '../rules/outcome.ts';
import { serverPool } from '../test-support/pool.ts';
import { grade } from '../test-support/run.ts';
import {
  createTarget,
  DEFAULT_ORDERS,
  type PlainRequest,
  type PlainResponse,
  TARGET_KEY,
  type TargetOptions,
  targetFetch,
} from '../test-support/target.ts';
import type { CheckResult, ConformanceEvent } from './events.ts';
import { resolveOptions } from './options.ts';
import { runChecks, runConformance } from './runner.ts';
import { UsageError } from './usage-error.ts';

const { target } = serverPool();

describe('runner', () => {
  it('sends nothing that could change state when no order id is given', async () => {
    const requests: PlainRequest[] = [];
    const baseUrl = await target({ onRequest: (r) => requests.push(r) });
    const { summary } = await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(summary.exitCode).toBe(0);
    const listed = DEFAULT_ORDERS.map((o) => o.id);
    const risky = requests.filter((r) => {
      if (r.method === 'GET' || r.method === 'HEAD' || r.credentials !== 'ok') return false;
      const id = /^\/store\/orders\/(\d+)$/.exec(r.path)?.[1];
      return !(r.method === 'DELETE' && (id === undefined || !listed.includes(id)));
    });
    expect(risky).toEqual([]);
    expect(requests.some((r) => r.method === 'DELETE' && r.credentials === 'ok')).toBe(true);
  });

  it('skips the opt-in checks with the reason, and the run still passes', async () => {
    const { byId, summary } = await grade({ baseUrl: await target(), apiKey: TARGET_KEY });
    expect(byId['orders.cancel-pending']).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/--pending-order-id/),
    });
    expect(byId['http.allow']).toMatchObject({ status: 'skipped', message: expect.stringMatching(/opt-in/) });
    expect(summary.outcome).toBe('passed');
  });

  it('without an API key runs the unauthenticated checks and skips the rest saying why', async () => {
    const { byId, failed } = await grade({ baseUrl: await target() });
    expect(failed('must', 'should')).toEqual([]);
    expect(byId['auth.missing-key']?.message).toMatch(
      /cancelOrder not checked: reading the order list needs an API key/,
    );
    expect(byId['orders.list']).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/API key/),
    });
  });

  it('treats a deprecated route that is gone after its sunset as retired, not as failing auth', async () => {
    const gone = (status: number) => ({
      transform: (req: PlainRequest, res: PlainResponse) =>
        req.path.startsWith('/pets/') && req.method === 'GET' ? { status, headers: {} } : res,
    });
    for (const status of [410, 404]) {
      const { byId, failed } = await grade({ baseUrl: await target(gone(status)), apiKey: TARGET_KEY });
      expect(failed('must')).toEqual([]);
      expect(byId['auth.missing-key']?.message).toContain(
        `getPetById answered ${status}: deprecated and gone`,
      );
    }
  });

  it('skips a cancel whose order is not listed rather than sending it', async () => {
    const requests: PlainRequest[] = [];
    const baseUrl = await target({ onRequest: (r) => requests.push(r) });
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY, pendingOrderId: '77' });
    expect(byId['orders.cancel-pending']).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/not in the order list/),
    });
    expect(requests.filter((r) => r.path === '/store/orders/77')).toEqual([]);
  });

  it('reports a crashing check as a failure of that check and goes on', async () => {
    const crash: Check = {
      id: 'test.crash',
      severity: 'info',
      title: 'crashes',
      reference: 'none',
      run: async () => {
        throw new TypeError('boom');
      },
    };
    const fails: Check = {
      ...crash,
      id: 'test.fails',
      severity: 'must',
      run: async () => Promise.reject(new Failure('broken')),
    };
    const events: ConformanceEvent[] = [];
    const baseUrl = await target();
    for await (const event of runChecks([crash, fails], resolveOptions({ baseUrl, apiKey: TARGET_KEY })))
      events.push(event);
    const results = events.flatMap((e) => (e.type === 'check' ? [e.result] : [])) as CheckResult[];
    expect(results.map((r) => [r.id, r.status, r.message])).toEqual([
      ['test.crash', 'failed', 'the check crashed: TypeError: boom'],
      ['test.fails', 'failed', 'broken'],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finished', summary: { exitCode: 1 } });
  });

  it('targets in-process handlers through options.fetch', async () => {
    const handlers = createTarget();
    const { failed, summary } = await grade({
      baseUrl: 'http://in-process.test/v1',
      apiKey: TARGET_KEY,
      pendingOrderId: '1',
      shippedOrderId: '2',
      fetch: targetFetch(handlers),
    });
    expect(failed('must', 'should', 'info')).toEqual([]);
    expect(summary.counts.must.passed).toBeGreaterThan(0);
  });

  it('runs only the checks asked for, and refuses an unknown id', async () => {
    const baseUrl = await target();
    const only = await grade({ baseUrl, apiKey: TARGET_KEY, only: ['orders.list', 'errors.body'] });
    expect(only.results.map((r) => r.id)).toEqual(['orders.list', 'errors.body']);
    expect(only.byId['errors.body']?.status).toBe('passed');
    const skip = await grade({ baseUrl, apiKey: TARGET_KEY, skip: ['orders.list'] });
    expect(skip.byId['orders.list']).toBeUndefined();
    expect(() => runConformance({ baseUrl, only: ['no.such'] })).toThrow(UsageError);
  });

  it('fails the run on a should failure only when strict', async () => {
    const broken = {
      transform: (_r: PlainRequest, res: { status: number; headers: Record<string, string> }) => ({
        ...res,
        headers: { ...res.headers, 'www-authenticate': 'Basic' },
      }),
    };
    const baseUrl = await target(broken as TargetOptions);
    expect((await grade({ baseUrl, apiKey: TARGET_KEY })).summary.exitCode).toBe(0);
    expect((await grade({ baseUrl, apiKey: TARGET_KEY, strict: true })).summary.exitCode).toBe(1);
  });

  it('ends with exit 2 when the target is not this API or refuses the key', async () => {
    const baseUrl = await target();
    const wrongBase = await grade({ baseUrl: baseUrl.replace(/\/v1$/, ''), apiKey: TARGET_KEY });
    expect(wrongBase.summary).toMatchObject({
      exitCode: 2,
      error: expect.stringMatching(/answered 404: not this API/),
    });
    const refused = await grade({ baseUrl, apiKey: 'not-the-key' });
    expect(refused.summary).toMatchObject({
      exitCode: 2,
      error: expect.stringMatching(/refused the API key/),
    });
  });

  it('refuses ids that are not decimal int64 integers, and passes valid ones in canonical form', () => {
    for (const bad of ['+1', '1.0', ' 1', '%31', '1e3', '0x1'])
      expect(() => resolveOptions({ baseUrl: 'http://x/v1', petId: bad })).toThrow(UsageError);
    expect(resolveOptions({ baseUrl: 'http://x/v1', pendingOrderId: '007' }).pendingOrderId).toBe('7');
    expect(() =>
      resolveOptions({ baseUrl: 'http://x/v1', pendingOrderId: '03', shippedOrderId: '3' }),
    ).toThrow(/must differ/);
    expect(() => resolveOptions({ baseUrl: 'http://x/v1', pendingOrderId: '12abc' })).toThrow(UsageError);
    expect(() => resolveOptions({ baseUrl: 'http://x/v1', shippedOrderId: '9223372036854775808' })).toThrow(
      UsageError,
    );
    expect(
      resolveOptions({ baseUrl: 'http://x/v1', pendingOrderId: '9007199254740993' }).pendingOrderId,
    ).toBe('9007199254740993');
  });

  it('honours a 429 Retry-After during a run', async () => {
    let limited = false;
    const baseUrl = await target({
      transform: (req, res) => {
        if (limited || req.path !== '/store/orders') return res;
        limited = true;
        return { status: 429, headers: { 'retry-after': '1' } };
      },
    });
    const started = Date.now();
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY, only: ['orders.list'] });
    expect(byId['orders.list']?.status).toBe('passed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('reports the checks left as not run, exit 2, when the run outlives --max-time (a clock that moves)', async () => {
    let time = 0;
    const clock = { now: () => (time += 50), sleep: async () => {}, random: () => 0.5 };
    const { results, summary } = await grade({
      baseUrl: await target(),
      apiKey: TARGET_KEY,
      maxTimeSeconds: 1,
      clock,
    });
    const notRun = results.filter((r) => r.message.startsWith('not run: the run'));
    expect(notRun.length).toBeGreaterThan(0);
    expect(notRun.every((r) => r.status === 'skipped')).toBe(true);
    expect(results.indexOf(notRun[0] as CheckResult) + notRun.length).toBe(results.length);
    expect(summary).toMatchObject({ outcome: 'incomplete', exitCode: 2 });
    expect(summary.error).toMatch(/time budget of 1 s \(--max-time\) ran out: \d+ check\(s\) not run/);
  });
});
