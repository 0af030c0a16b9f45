import { afterEach, describe, expect, it } from 'vitest';
import { collectConformance } from '../index.ts';
import type { Listening } from '../test-support/listen.ts';
import { startTarget, TARGET_KEY, type TargetOptions } from '../test-support/target.ts';
import { type RunningProxy, startProxy } from './server.ts';

const running: Array<Listening | RunningProxy> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => ('stop' in r ? r.stop() : r.close())));
});

/** The reference target, except that its order list is labelled text/plain: one `must` rule broken. */
const plainList: TargetOptions = {
  transform: (req, res) =>
    req.path === '/store/orders' && res.status === 200
      ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } }
      : res,
};

async function proxyInFrontOf(basePath: string) {
  const target = await startTarget(plainList, basePath);
  running.push(target);
  const proxy = await startProxy({ upstream: target.baseUrl, port: 0 });
  running.push(proxy);
  return proxy;
}

describe('the proxy in front of an upstream whose base path is not /v1', () => {
  it('serves under the upstream base path and grades what comes below it', async () => {
    const proxy = await proxyInFrontOf('/api/v1');
    expect(proxy.baseUrl).toBe(`${proxy.url}/api/v1`);
    const answer = await fetch(`${proxy.baseUrl}/store/orders`, {
      headers: { authorization: `Bearer ${TARGET_KEY}` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^\[\{"id":1,/);
    const report = proxy.report();
    expect(report.graded).toBe(1);
    expect(report.violations).toEqual([
      expect.objectContaining({
        check: 'http.media-type',
        severity: 'must',
        operation: { operationId: 'listOrders', method: 'GET', path: '/store/orders' },
        request: 'GET /api/v1/store/orders',
      }),
    ]);
  });

  it('forwards nothing outside the base path, /v1 included', async () => {
    const proxy = await proxyInFrontOf('/api/v1');
    const outside = await fetch(`${proxy.url}/v1/store/orders`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ code: 'NOT_PROXIED', status: 404 });
    expect(proxy.report().exchanges).toBe(0);
  });

  it('grades a whole suite run sent through it as the suite does: the same one rule broken', async () => {
    const proxy = await proxyInFrontOf('/api/v1');
    const { results } = await collectConformance({ baseUrl: proxy.baseUrl, apiKey: TARGET_KEY });
    const failed = results.filter((r) => r.status === 'failed').map((r) => `${r.severity} ${r.id}`);
    expect(failed).toEqual(['must http.media-type']);
    const report = proxy.report();
    expect(report.graded).toBeGreaterThan(10);
    // The suite's HEAD is no operation of the spec: recorded as info, not a violation of a rule.
    const graded = report.violations.filter((v) => v.severity !== 'info');
    expect([...new Set(graded.map((v) => `${v.severity} ${v.check}`))]).toEqual(['must http.media-type']);
  });
});
