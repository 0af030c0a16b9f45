import { afterEach, describe, expect, it } from 'vitest';
import { collectConformance } from '../index.ts';
import { startProxy } from '../proxy/server.ts';
import type { CheckResult } from '../run/events.ts';
import type { Listening } from '../test-support/listen.ts';
import { type PlainResponse, startTarget, TARGET_KEY, type TargetOptions } from '../test-support/target.ts';

// The fixed checks, exploration and the validating proxy look their rules up in one catalogue and share its
// verdicts: a server that labels a body wrongly is graded under the same rule id and severity by all three.

const running: Listening[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const plain = (res: PlainResponse): PlainResponse => ({
  ...res,
  headers: { ...res.headers, 'content-type': 'text/plain' },
});

const cases: Array<{
  name: string;
  bug: TargetOptions;
  rule: string;
  probe: [string, Record<string, string>];
}> = [
  {
    name: "the list's 401 Error body labelled text/plain (a body the spec states as application/json)",
    bug: {
      transform: (req, res) =>
        req.method === 'GET' && req.path === '/store/orders' && res.status === 401 ? plain(res) : res,
    },
    rule: 'must http.media-type',
    probe: ['/store/orders', {}],
  },
  {
    name: "the pet route's JSON labelled text/plain (a body whose label the spec leaves to HTTP)",
    bug: {
      transform: (req, res) => (req.path.startsWith('/pets/') && res.status !== 401 ? plain(res) : res),
    },
    rule: 'should http.content-type',
    probe: ['/pets/1', { authorization: `Bearer ${TARGET_KEY}` }],
  },
];

const failedRules = (results: CheckResult[]) =>
  results.filter((r) => r.status === 'failed').map((r) => `${r.severity} ${r.id}`);

describe('one rule catalogue for every grader', () => {
  it.each(cases)(
    '$name: the same rule id and severity from the suite, exploration and the proxy',
    async ({ bug, rule, probe: [path, headers] }) => {
      const target = await startTarget(bug);
      running.push(target);
      const { baseUrl } = target;

      const suite = await collectConformance({ baseUrl, apiKey: TARGET_KEY });
      const explored = await collectConformance({
        baseUrl,
        apiKey: TARGET_KEY,
        explore: { seed: 1, maxRequests: 200 },
      });
      const proxy = await startProxy({ upstream: baseUrl, port: 0 });
      try {
        await (await fetch(`${proxy.baseUrl}${path}`, { headers })).arrayBuffer();
      } finally {
        await proxy.stop();
      }
      const proxied = proxy.report().violations.map((v) => `${v.severity} ${v.check}`);

      expect(failedRules(suite.results)).toEqual([rule]);
      expect(failedRules(explored.results)).toEqual([rule]);
      expect(proxied).toEqual([rule]);
    },
  );

  it('an order id beyond int64: orders.list from the suite and the proxy alike (read from the raw text)', async () => {
    const target = await startTarget({ orders: [{ id: '9223372036854775808', status: 'pending' }] });
    running.push(target);
    const suite = await collectConformance({ baseUrl: target.baseUrl, apiKey: TARGET_KEY });
    const proxy = await startProxy({ upstream: target.baseUrl, port: 0 });
    try {
      const list = await fetch(`${proxy.baseUrl}/store/orders`, {
        headers: { authorization: `Bearer ${TARGET_KEY}` },
      });
      await list.arrayBuffer();
    } finally {
      await proxy.stop();
    }
    expect(failedRules(suite.results)).toEqual(['must orders.list']);
    expect(suite.results.find((r) => r.id === 'orders.list')?.message).toBe(
      'id 9223372036854775808 is not an int64',
    );
    expect(proxy.report().violations.map((v) => `${v.severity} ${v.check}`)).toEqual(['must orders.list']);
  });
});
