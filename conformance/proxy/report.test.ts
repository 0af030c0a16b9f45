import { describe, expect, it } from 'vitest';
import { loadSpec } from '../contract/spec.ts';
import { createRecorder, type ProxyViolation } from './report.ts';
import { createSecrets } from './secrets.ts';

const LONG = 16 * 1024;

function violation(seq: number, secret = ''): ProxyViolation {
  const target = `/v1/${'a'.repeat(LONG)}?n=${seq}${secret}`;
  return {
    seq,
    operation: { operationId: null, method: 'GET', path: target.split('?')[0] as string },
    request: `GET ${target}`,
    check: 'proxy.undocumented-operation',
    severity: 'info',
    message: `GET ${target} → 404: no operation of the spec has this path`,
    curl: `curl -X GET 'http://upstream${target}'`,
  };
}

describe("the proxy's report", () => {
  it('keeps a bounded number of bytes of 10,000 violations with 16 KiB targets, and still counts them all', () => {
    const recorder = createRecorder({
      upstream: 'http://upstream/v1',
      startedAt: '',
      secrets: createSecrets(),
      spec: loadSpec(),
    });
    for (let seq = 1; seq <= 10_000; seq++) {
      recorder.exchange('not graded', ['proxy.undocumented-operation']);
      recorder.violation(violation(seq));
    }
    const report = recorder.report(0);
    const text = JSON.stringify(report, null, 2);
    expect(text.length).toBeLessThan(32 * 1024 * 1024);
    expect(report.violations.length + report.violationsNotListed).toBe(10_000);
    expect(report.violations.length).toBeGreaterThan(100);
    // A field is cut with a mark saying how much is missing, never silently.
    expect(report.violations[0]?.request).toMatch(/… \(\d+ more characters\)$/);
    expect(report.violations[0]?.request.length).toBeLessThan(4096);
    const [result] = recorder.results().filter((r) => r.id === 'proxy.undocumented-operation');
    expect(result?.message).toMatch(/and 9995 more$/);
  });

  it('redacts a credential before cutting the text that holds it, so no prefix of it survives', () => {
    const secrets = createSecrets();
    const token = 'Zq8-tok3n-that-ends-far-beyond-the-cut';
    secrets.add(token);
    const recorder = createRecorder({
      upstream: 'http://upstream/v1',
      startedAt: '',
      secrets,
      spec: loadSpec(),
    });
    // The token straddles where a cut would fall.
    const shaped = violation(1, `&pad=${'b'.repeat(2048)}&k=${token}`);
    recorder.violation(shaped);
    const kept = JSON.stringify(recorder.report(0));
    expect(kept).not.toContain(token.slice(0, 8));
  });
});
