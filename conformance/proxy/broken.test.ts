import { afterEach, describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { type RuleId, rule } from '../rules/catalogue.ts';
import type { Listening } from '../test-support/listen.ts';
import { startTarget, TARGET_KEY, type TargetOptions } from '../test-support/target.ts';
import { type RunningProxy, startProxy } from './server.ts';
import { fieldLines, parseHead, send, tap } from './test-support/tap.ts';

// Broken upstreams, each breaking one rule: the proxy names the operation and the suite's check with the
// suite's severity for that rule, and the client still gets the upstream's answer unchanged.

const running: Array<Listening | RunningProxy> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => ('stop' in r ? r.stop() : r.close())));
});

const severityOf = (id: string) => registry.checks.find((c) => c.id === id)?.severity;

async function through(options: TargetOptions, method: string, path: string, headers: string[]) {
  const target = await startTarget(options);
  running.push(target);
  const upstream = tap(target.server);
  const proxy = await startProxy({ upstream: target.baseUrl, port: 0 });
  running.push(proxy);
  const got = await send(`${proxy.baseUrl}${path}`, method, headers);
  const sent = upstream[0];
  if (!sent) throw new Error('the upstream saw no request');
  const head = parseHead(sent.head);
  expect(got.status).toBe(head.status);
  expect(fieldLines(got.rawHeaders)).toEqual(head.fields);
  expect(got.body.equals(sent.body)).toBe(true);
  return { got, report: proxy.report() };
}

const key = ['Authorization', `Bearer ${TARGET_KEY}`];
const onList = (change: (headers: Record<string, string>, body?: string) => Record<string, unknown>) => ({
  transform: (
    req: { path: string; method: string },
    res: { status: number; headers: Record<string, string>; body?: string },
  ) => (req.path === '/store/orders' ? { ...res, ...change(res.headers, res.body) } : res),
});

describe('the proxy in front of broken upstreams', () => {
  it.each([
    {
      broken: 'an Order with a wrongly typed field',
      options: { orders: [{ id: '1', status: 'pending' as const, fields: '"petId":"seven","quantity":1' }] },
      request: ['GET', '/store/orders', key] as const,
      check: 'orders.list',
      operationId: 'listOrders',
      message: /GET \/store\/orders → 200: \/0\/petId must be integer/,
    },
    {
      broken: 'a 404 without the Error shape',
      options: {
        transform: (_: unknown, res: { status: number; headers: Record<string, string> }) =>
          res.status === 404 ? { ...res, body: '{"error":"no such order"}' } : res,
      },
      request: ['DELETE', '/store/orders/999', key] as const,
      check: 'errors.body',
      operationId: 'cancelOrder',
      message: /DELETE \/store\/orders\/999 → 404: \(root\) must have required property 'code'/,
    },
    {
      broken: 'the list served as text/plain',
      options: onList((headers) => ({ headers: { ...headers, 'content-type': 'text/plain' } })),
      request: ['GET', '/store/orders', key] as const,
      check: 'http.media-type',
      operationId: 'listOrders',
      message: /GET \/store\/orders → 200 is labelled "text\/plain"/,
    },
    {
      broken: 'a 401 without a challenge',
      options: {
        transform: (_: unknown, res: { status: number; headers: Record<string, string> }) => {
          const { 'www-authenticate': _challenge, ...headers } = res.headers;
          return { ...res, headers };
        },
      },
      request: ['GET', '/store/orders', []] as const,
      check: 'auth.challenge',
      operationId: 'listOrders',
      message: /GET \/store\/orders → 401 without WWW-Authenticate/,
    },
    {
      broken: 'a 500 for the list',
      options: onList(() => ({
        status: 500,
        body: '{"code":"INTERNAL","message":"boom","status":500}',
      })),
      request: ['GET', '/store/orders', key] as const,
      check: 'proxy.server-error',
      operationId: 'listOrders',
      message: /GET \/store\/orders → 500, not a status documented for listOrders \(a server error\)/,
    },
    {
      broken: "a gateway's 503 for the list",
      options: onList(() => ({
        status: 503,
        body: '{"code":"UNAVAILABLE","message":"later","status":503}',
      })),
      request: ['GET', '/store/orders', key] as const,
      check: 'proxy.documented-status',
      operationId: 'listOrders',
      message: /GET \/store\/orders → 503, not a status documented for listOrders$/,
    },
    {
      broken: 'a preflight that does not name Authorization',
      options: {
        transform: (req: { method: string }, res: { status: number; headers: Record<string, string> }) =>
          req.method === 'OPTIONS'
            ? { ...res, headers: { ...res.headers, 'access-control-allow-headers': '*' } }
            : res,
      },
      request: [
        'OPTIONS',
        '/store/orders/1',
        [
          'Origin',
          'https://app.example',
          'Access-Control-Request-Method',
          'DELETE',
          'Access-Control-Request-Headers',
          'authorization',
        ],
      ] as const,
      check: 'cors.preflight',
      operationId: null,
      message:
        /^OPTIONS \/store\/orders\/1 \(preflight for DELETE\) → 204: Access-Control-Allow-Headers does not name Authorization$/,
    },
  ])(
    'reports $broken as $check, with the suite severity',
    async ({ options, request, check, operationId, message }) => {
      const [method, path, headers] = request;
      const { report } = await through(options as TargetOptions, method, path, [...headers]);
      const found = report.violations.filter((v) => v.check === check);
      expect(found).toHaveLength(1);
      const severity = severityOf(check) ?? rule(check as RuleId).severity;
      expect(found[0]).toMatchObject({ severity, operation: { operationId, method } });
      expect(found[0]?.message).toMatch(message);
      expect(report.violations.filter((v) => v.check !== check)).toEqual([]);
      expect(report.summary.exitCode).toBe(severity === 'must' ? 1 : 0);
      expect(JSON.stringify(report)).not.toContain(TARGET_KEY);
    },
  );

  it('grades a lower-case bearer that the upstream refuses only on what RFC 6750 asks, never on its case', async () => {
    const { report } = await through({}, 'GET', '/store/orders', ['authorization', 'bearer not-the-key']);
    expect(report.violations).toEqual([]);
  });
});
