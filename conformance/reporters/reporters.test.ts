import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import type { Exchange } from '../http/exchange.ts';
import { createCoverage } from '../run/coverage.ts';
import type { CheckResult, ConformanceEvent, Summary } from '../run/events.ts';
import { createJsonReporter } from './json.ts';
import { createJunitReporter } from './junit.ts';
import { createPrettyReporter } from './pretty.ts';

const exchange: Exchange = {
  seq: 1,
  startedAt: Date.parse('2026-09-01T00:00:00Z'),
  source: 'upstream',
  request: {
    method: 'DELETE',
    path: '/store/orders/9',
    auth: 'valid',
    url: "http://api.test/v1/store/orders/9?x='y'",
    headers: { authorization: 'Bearer [REDACTED]' },
  },
  response: { status: 200, headers: {}, body: 'x'.repeat(10_000), bodyBytes: 10_000, truncated: false },
  durationMs: 3,
  attempts: 1,
};

const result = (over: Partial<CheckResult>): CheckResult => ({
  id: 'orders.cancel-absent',
  severity: 'must',
  title: 'Cancelling an id absent from the list answers 404',
  reference: 'Spec',
  status: 'failed',
  message: 'DELETE /store/orders/9 → 200, expected 404 <&>',
  exchanges: [exchange],
  durationMs: 5,
  ...over,
});

const summary = (over: Partial<Summary> = {}): Summary => ({
  outcome: 'failed',
  exitCode: 1,
  strict: false,
  total: 2,
  counts: {
    must: { passed: 0, failed: 1, skipped: 0, expected: 0 },
    should: { passed: 0, failed: 1, skipped: 0, expected: 0 },
    info: { passed: 0, failed: 0, skipped: 0, expected: 0 },
  },
  durationMs: 1234,
  ...over,
});

const events = (end: Summary): ConformanceEvent[] => [
  {
    type: 'started',
    baseUrl: 'http://api.test/v1',
    startedAt: 'now',
    checks: [],
    safe: true,
    apiKey: 'given',
  },
  { type: 'check', index: 0, total: 2, result: result({}) },
  {
    type: 'check',
    index: 1,
    total: 2,
    result: result({ id: 'http.allow', severity: 'should', message: 'no Allow' }),
  },
  { type: 'finished', summary: end },
];

describe('reporters', () => {
  it('pretty: one line per check, a shell-safe reproduce line, a warning for should, the summary', () => {
    let text = '';
    const reporter = createPrettyReporter((t) => {
      text += t;
    });
    for (const event of events(summary())) reporter.handle(event);
    expect(text).toContain(
      '[ 1/2] FAIL must   orders.cancel-absent — DELETE /store/orders/9 → 200, expected 404',
    );
    expect(text).toContain(
      `curl -i -X DELETE 'http://api.test/v1/store/orders/9?x='\\''y'\\''' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
    );
    expect(text).toContain('[ 2/2] WARN should http.allow');
    expect(text).toMatch(/Result: FAIL \(exit 1\) — 2 checks: 0 passed, 2 failed, 0 skipped in 1\.2 s/);
  });

  it('pretty: reads a token fetched for the run from $PETSTORE_TOKEN, near misses included, and counts refreshes', () => {
    let text = '';
    const reporter = createPrettyReporter((t) => {
      text += t;
    });
    const withToken = (auth: Exchange['request']['auth']): Exchange => ({
      ...exchange,
      request: { ...exchange.request, auth, nearMiss: 'extra-char', credentialVariable: 'PETSTORE_TOKEN' },
    });
    const [started, , , finished] = events(summary({ credential: { source: 'oauth', refreshes: 2 } }));
    reporter.handle({ ...(started as Extract<ConformanceEvent, { type: 'started' }>), credential: 'oauth' });
    reporter.handle({
      type: 'check',
      index: 0,
      total: 2,
      result: result({ exchanges: [withToken('valid')] }),
    });
    reporter.handle({
      type: 'check',
      index: 1,
      total: 2,
      result: result({ exchanges: [withToken('near-miss')] }),
    });
    reporter.handle(finished as ConformanceEvent);
    expect(text).toContain('token: OAuth 2.0 client credentials');
    expect(text).toContain('-H "Authorization: Bearer $PETSTORE_TOKEN"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion.
    expect(text).toContain('-H "Authorization: Bearer ${PETSTORE_TOKEN}x"');
    expect(text).toContain('token refreshed (2×)');
  });

  it('pretty: says why the run could not start', () => {
    let text = '';
    const reporter = createPrettyReporter((t) => {
      text += t;
    });
    reporter.handle({
      type: 'finished',
      summary: summary({ outcome: 'unreachable', exitCode: 2, error: 'cannot reach x' }),
    });
    expect(text).toContain('Cannot run: cannot reach x');
  });

  it('json: keeps every check with its exchanges and cuts long bodies', () => {
    const reporter = createJsonReporter();
    for (const event of events(summary())) reporter.handle(event);
    const report = JSON.parse(reporter.output()) as { checks: CheckResult[]; summary: Summary };
    expect(report.checks).toHaveLength(2);
    expect(report.checks[0]?.exchanges[0]?.response?.body.length).toBe(4097);
    expect(report.summary.exitCode).toBe(1);
  });

  it('junit: one testcase per check, escaped, should failures as failures only when strict', () => {
    const lenient = createJunitReporter();
    const strict = createJunitReporter({ strict: true });
    for (const event of events(summary())) {
      lenient.handle(event);
      strict.handle(event);
    }
    const xml = lenient.output();
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('expected 404 &lt;&amp;&gt;');
    expect(xml).toContain('<failure message=');
    expect(xml).toContain('<system-out>WARNING (should): no Allow</system-out>');
    expect(strict.output().match(/<failure /g)).toHaveLength(2);
  });

  it('junit: an unreachable target is one errored testcase', () => {
    const reporter = createJunitReporter();
    reporter.handle({
      type: 'finished',
      summary: summary({ outcome: 'unreachable', exitCode: 2, error: 'ECONNREFUSED' }),
    });
    expect(reporter.output()).toMatch(/<error message="ECONNREFUSED">/);
  });

  it('junit: a run with --fail-on-skip shows its skipped checks as failures', () => {
    const reporter = createJunitReporter();
    const skipped = result({ status: 'skipped', message: 'needs an API key' });
    reporter.handle({ type: 'check', index: 0, total: 1, result: skipped });
    reporter.handle({ type: 'finished', summary: summary({ failOnSkip: true }) });
    const xml = reporter.output();
    expect(xml).toContain(
      '<failure message="not run, and --fail-on-skip is set: needs an API key" type="skipped">',
    );
    expect(xml).toMatch(/failures="1" errors="0" skipped="0"/);
  });

  it('pretty and junit: name where the orders came from and the ones each check used', () => {
    let text = '';
    const pretty = createPrettyReporter((t) => {
      text += t;
    });
    const junit = createJunitReporter();
    const started: ConformanceEvent = {
      type: 'started',
      baseUrl: 'http://api.test/v1',
      startedAt: 'now',
      checks: [],
      safe: false,
      apiKey: 'given',
      orders: { source: 'setup', pending: ['9001', '9002'], shipped: ['9003'] },
    };
    const used = result({ status: 'passed', message: 'ok', orderIds: ['9002', '9003'] });
    for (const reporter of [pretty, junit]) {
      reporter.handle(started);
      reporter.handle({ type: 'check', index: 0, total: 1, result: used });
      reporter.handle({ type: 'finished', summary: summary() });
    }
    expect(text).toContain('  orders: setup: 2 pending, 1 shipped (9001, 9002; 9003)\n');
    expect(text).toContain('orders.cancel-absent — ok (orders 9002, 9003)');
    expect(junit.output()).toContain(
      '<property name="orders" value="setup: 2 pending, 1 shipped (9001, 9002; 9003)"/>',
    );
    expect(junit.output()).toContain('<property name="orders" value="9002, 9003"/>');
  });

  it('json: puts the coverage beside the summary, and keeps the expected-failure outcome', () => {
    const coverage = createCoverage(loadSpec());
    coverage.observe('listOrders', 200);
    const reporter = createJsonReporter();
    const [started, , second] = events(summary());
    for (const event of [
      started,
      {
        type: 'check',
        index: 0,
        total: 2,
        result: result({ status: 'expected-failure', expected: { reason: 'x', source: 'f' } }),
      },
      second,
      { type: 'finished', summary: summary({ coverage: coverage.result() }) },
    ] as ConformanceEvent[])
      reporter.handle(event);
    const report = JSON.parse(reporter.output());
    expect(report.coverage).toMatchObject({ seen: 1, documented: 10 });
    expect(report.summary.coverage).toBeUndefined();
    expect(report.checks[0]).toMatchObject({ status: 'expected-failure', expected: { reason: 'x' } });
  });

  it('junit: an expected failure is skipped as such, a stale one fails, coverage is properties', () => {
    const coverage = createCoverage(loadSpec());
    coverage.observe('cancelOrder', 409);
    const reporter = createJunitReporter();
    reporter.handle({
      type: 'check',
      index: 0,
      total: 2,
      result: result({ status: 'expected-failure', expected: { reason: 'TICKET-1', source: 'f' } }),
    });
    reporter.handle({
      type: 'check',
      index: 1,
      total: 2,
      result: result({
        id: 'orders.list',
        status: 'passed',
        expected: { source: 'f', stale: ['stale: orders.list now passes; remove it from f'] },
      }),
    });
    reporter.handle({ type: 'finished', summary: summary({ coverage: coverage.result() }) });
    const xml = reporter.output();
    expect(xml).toContain(
      '<skipped type="expected-failure" message="expected failure (TICKET-1): DELETE /store/orders/9',
    );
    expect(xml).toContain('<failure message="stale: orders.list now passes; remove it from f" type="stale">');
    expect(xml).toMatch(
      /<testsuite name="petstore-conformance must" tests="2" failures="1" errors="0" skipped="1"/,
    );
    expect(xml).toContain('<property name="coverage.cancelOrder.409" value="1"/>');
    expect(xml).toContain('<property name="coverage.percent" value="10"/>');
  });
});
