import { afterEach, describe, expect, it } from 'vitest';
import type { Listening } from '../test-support/listen.ts';
import { startTarget, TARGET_KEY } from '../test-support/target.ts';
import { type RunningProxy, startProxy } from './server.ts';

// The proxy answers before it grades: the findings of a run must not depend on when grading ran.

const running: Array<Listening | RunningProxy> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => ('stop' in r ? r.stop() : r.close())));
});

/** An upstream whose list breaks `orders.list` (a wrongly typed field), and the proxy in front of it. */
async function brokenList() {
  const target = await startTarget({
    orders: [{ id: '1', status: 'pending', fields: '"petId":"seven","quantity":1' }],
  });
  running.push(target);
  const violations: string[] = [];
  const proxy = await startProxy(
    { upstream: target.baseUrl, port: 0 },
    { onViolation: (violation) => violations.push(`${violation.seq} ${violation.check}`) },
  );
  return { proxy, violations };
}

const list = (proxy: RunningProxy) =>
  fetch(`${proxy.baseUrl}/store/orders`, { headers: { authorization: `Bearer ${TARGET_KEY}` } }).then((r) =>
    r.text(),
  );

describe('grading after the answer', () => {
  it('writes a report at shutdown that holds the exchanges answered just before it', async () => {
    const { proxy, violations } = await brokenList();
    await Promise.all(Array.from({ length: 20 }, () => list(proxy)));
    const summary = await proxy.stop();
    const report = proxy.report();
    expect(report.exchanges).toBe(20);
    expect(report.violations.filter((v) => v.check === 'orders.list')).toHaveLength(20);
    expect(summary.exitCode).toBe(1);
    expect(violations).toHaveLength(20);
  });

  it('finds the same violations, numbered the same, whether each exchange was read at once or later', async () => {
    const atOnce = await brokenList();
    const inline: string[] = [];
    for (let n = 0; n < 5; n++) {
      await list(atOnce.proxy);
      // Reading the report grades what is waiting: the exchange is graded before the next one is sent.
      inline.push(...atOnce.proxy.report().violations.map((v) => `${v.seq} ${v.check}`));
    }
    const later = await brokenList();
    for (let n = 0; n < 5; n++) await list(later.proxy);
    const batched = later.proxy.report().violations.map((v) => `${v.seq} ${v.check}`);
    expect([...new Set(inline)]).toEqual(batched);
    expect(atOnce.violations).toEqual(later.violations);
    expect(batched).toEqual([
      '1 orders.list',
      '2 orders.list',
      '3 orders.list',
      '4 orders.list',
      '5 orders.list',
    ]);
  });
});
