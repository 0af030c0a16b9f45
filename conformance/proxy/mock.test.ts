import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/index.ts';
import { type RunningServer, startServer } from '../../src/node/index.ts';
import { type RunningProxy, startProxy } from './server.ts';
import { fieldLines, parseHead, type Received, send, type Tapped, tap } from './test-support/tap.ts';

// The proxy in front of the project's own mock: every exchange reaches the client exactly as the mock sent it,
// every request reaches the mock exactly as the client sent it, and no must rule is broken.

const KEY = 'mock-key-0123456789';
const BIG_ID = '9223372036854775807';
/** Before the pet route's sunset, so GET /pets/{petId} still answers 200 whatever today's date. */
const NOW = Date.parse('2026-11-01T00:00:00Z');

describe('the proxy in front of the project mock', () => {
  let mock: RunningServer;
  let proxy: RunningProxy;
  let upstream: Tapped[];
  let shippedId = '';

  beforeAll(async () => {
    mock = await startServer({
      port: 0,
      host: '127.0.0.1',
      apiKeys: [KEY],
      clock: createClock('manual', NOW),
    });
    upstream = tap(mock.server);
    const create = (body: object) =>
      send(`${mock.url}/__mock/orders`, 'POST', ['Content-Type', 'application/json'], JSON.stringify(body));
    // The shipped order first: after 2^63-1 the mock's "next free id" would leave int64 (seen by this proxy).
    const shipped = await create({ status: 'shipped' });
    shippedId = /"id":(\d+)/.exec(shipped.body.toString())?.[1] ?? '';
    expect((await create({ id: BIG_ID, petId: 3, quantity: 1, status: 'pending' })).status).toBe(201);
    upstream.length = 0;
    proxy = await startProxy({ upstream: mock.baseUrl, port: 0 });
  });
  afterAll(async () => {
    await proxy?.stop();
    await mock?.close();
  });

  const bearer = ['Authorization', `Bearer ${KEY}`];
  const requests: Array<[method: string, path: string, headers: string[]]> = [
    ['GET', '/store/orders', bearer],
    ['GET', '/store/orders', ['authorization', `bearer ${KEY}`]],
    ['HEAD', '/store/orders', bearer],
    ['GET', '/store/orders', []],
    ['GET', '/store/orders', ['Authorization', 'Bearer wrong-key']],
    [
      'GET',
      '/store/orders?pretty=1&b=%2F',
      [...bearer, 'Accept', 'application/json', 'X-Trace', 'a', 'x-trace', 'b'],
    ],
    ['DELETE', `/store/orders/${BIG_ID}`, bearer],
    ['DELETE', `/store/orders/${BIG_ID}`, bearer],
    ['DELETE', '/store/orders/{shipped}', bearer],
    ['DELETE', '/store/orders/not-a-number', bearer],
    ['GET', '/pets/1', bearer],
    [
      'OPTIONS',
      '/store/orders',
      [
        'Origin',
        'http://app.test',
        'Access-Control-Request-Method',
        'GET',
        'Access-Control-Request-Headers',
        'authorization',
      ],
    ],
  ];

  it('forwards every exchange byte for byte, both ways', async () => {
    const received: Received[] = [];
    for (const [method, path, headers] of requests) {
      received.push(await send(`${proxy.baseUrl}${path.replace('{shipped}', shippedId)}`, method, headers));
    }
    expect(upstream).toHaveLength(requests.length);
    requests.forEach(([method, path, headers], i) => {
      const [got, sent] = [received[i] as Received, upstream[i] as Tapped];
      const what = `${method} ${path}`;
      // The request as the client sent it: method, target, fields (Host aside: the upstream's own).
      expect(sent.method, what).toBe(method);
      expect(sent.url, what).toBe(`/v1${path.replace('{shipped}', shippedId)}`);
      const hostless = (raw: string[]) => fieldLines(raw).filter((l) => !/^host:/i.test(l));
      expect(hostless(sent.rawHeaders), what).toEqual(fieldLines(headers));
      expect(
        fieldLines(sent.rawHeaders).filter((l) => /^host:/i.test(l)),
        what,
      ).toHaveLength(1);
      // Field names are case-insensitive; undici writes its Host field as `host`.
      expect(
        fieldLines(sent.rawHeaders).map((l) => l.replace(/^host:/i, 'Host:')),
        what,
      ).toContain(`Host: ${new URL(mock.url).host}`);
      // The answer as the mock wrote it: status, reason, end-to-end fields in order, body bytes.
      const head = parseHead(sent.head);
      expect(got.status, what).toBe(head.status);
      expect(got.statusMessage, what).toBe(head.statusMessage);
      expect(fieldLines(got.rawHeaders), what).toEqual(head.fields);
      expect(got.body.equals(sent.body), what).toBe(true);
    });
    const statuses = received.map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 401, 401, 200, 204, 404, 409, 404, 200, 204]);
    // An id beyond 2^53 arrives exactly as the mock wrote it, never rounded.
    expect(received[0]?.body.toString()).toContain(`"id":${BIG_ID}`);
    expect(received[2]?.body.byteLength).toBe(0);
  });

  it('reports no must violation, and flags neither the lower-case bearer nor the big id', async () => {
    const report = proxy.report();
    expect(report.exchanges).toBe(requests.length);
    expect(report.violations.filter((v) => v.severity === 'must')).toEqual([]);
    expect(report.summary.exitCode).toBe(0);
    expect(report.violations.filter((v) => v.severity === 'should')).toEqual([]);
    const info = report.violations.map((v) => `${v.check} ${v.message}`);
    expect(info).toEqual([
      'proxy.undocumented-operation HEAD /store/orders → 200: /store/orders documents GET only',
    ]);
    expect(JSON.stringify(report)).not.toContain(KEY);
  });

  it('serves the report at /__conformance/report without forwarding it', async () => {
    const before = upstream.length;
    const answer = await send(`${proxy.url}/__conformance/report`, 'GET');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ mode: 'proxy', exchanges: requests.length });
    expect(upstream.length).toBe(before);
  });
});
