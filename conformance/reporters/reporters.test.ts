import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import type { CheckResult, ConformanceEvent, Summary } from '../run/events.ts';
import { createJsonReporter } from './json.ts';
import { createJunitReporter } from './junit.ts';
import { createPrettyReporter } from './pretty.ts';

const exchange: Exchange = {
  seq: 1,
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
    must: { passed: 0, failed: 1, skipped: 0 },
    should: { passed: 0, failed: 1, skipped: 0 },
    info: { passed: 0, failed: 0, skipped: 0 },
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
});
