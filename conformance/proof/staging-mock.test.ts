import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/core/controls/clock.ts';
import { type RunningServer, startServer } from '../../src/node/index.ts';
import { registry } from '../checks/index.ts';
import { allReports, runCli, tempDir } from '../test-support/cli.ts';

// Against the project's own mock, the orders come from the run itself: every check runs (none skipped), twice
// in a row on the same mock without a reset (docs/conformance.md, "Running against staging").

const KEY = 'staging-mock-key';
const script = fileURLToPath(new URL('../examples/mock-orders.mjs', import.meta.url));
const hook = (action: string) => `"${process.execPath}" "${script}" ${action}`;

describe('every check against the mock, with orders the run makes itself', () => {
  let mock: RunningServer;
  const dir = tempDir('conformance-staging-mock-');
  beforeAll(async () => {
    mock = await startServer({
      port: 0,
      host: '127.0.0.1',
      apiKeys: [KEY],
      clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
      // The run compares the Sunset with the process's calendar (moved in CI), not the mock's clock.
      petsSunset: '2100-01-01T00:00:00Z',
    });
  });
  afterAll(() => mock.close());

  const statuses = async () =>
    ((await (await fetch(`${mock.url}/__mock/orders`)).json()) as Array<{ id: number; status: string }>).map(
      (order) => `${order.id}:${order.status}`,
    );

  const expectEveryCheckRan = (stdout: string) => {
    const total = registry.checks.length;
    expect(stdout).toMatch(
      new RegExp(`Result: PASS \\(exit 0\\) — ${total} checks: ${total} passed, 0 failed, 0 skipped`),
    );
    expect(stdout).not.toMatch(/\bSKIP\b/);
  };

  it.each([1, 2])('runs all 42 checks with --state-url, exit 0 (run %i, no reset between)', async () => {
    const before = await statuses();
    const run = await runCli([
      ...['--base-url', mock.baseUrl, '--api-key', KEY],
      ...['--state-url', `${mock.url}/__mock/provider-states`],
    ]);
    expect(run.code, run.all).toBe(0);
    expect(registry.checks).toHaveLength(42);
    expectEveryCheckRan(run.stdout);
    expect(run.stdout).toMatch(/orders: state URL: 2 pending, 1 shipped \(\d+, \d+; \d+\)/);
    // The orders it made are withdrawn; the seed's are untouched.
    const after = await statuses();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).every((s) => s.endsWith(':cancelled'))).toBe(true);
  });

  it.each([1, 2])('runs all 42 checks with --setup "node mock-orders.mjs", exit 0 (run %i)', async () => {
    const before = await statuses();
    const run = await runCli(
      [
        ...['--base-url', mock.baseUrl, '--api-key', KEY, ...allReports(dir.path)],
        ...['--setup', hook('setup'), '--teardown', hook('teardown')],
      ],
      { PATH: process.env.PATH ?? '' },
    );
    expect(run.code, run.all).toBe(0);
    expectEveryCheckRan(run.stdout);
    expect(run.stdout).toMatch(/orders: setup: 2 pending, 1 shipped/);
    const after = await statuses();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toHaveLength(3);
    expect(after.slice(before.length).every((s) => s.endsWith(':cancelled'))).toBe(true);

    // Every report names where the orders came from and which check used which.
    const json = JSON.parse(await readFile(join(dir.path, 'conformance.json'), 'utf8'));
    expect(json.orders).toMatchObject({ source: 'setup' });
    const [cancel, refusal] = json.orders.pending as string[];
    const [shipped] = json.orders.shipped as string[];
    const used = Object.fromEntries(
      json.checks.map((c: { id: string; orderIds?: string[] }) => [c.id, c.orderIds]),
    );
    expect(used['orders.cancel-pending']).toEqual([cancel]);
    expect(used['orders.cancel-shipped']).toEqual([shipped]);
    expect(used['orders.refused-unchanged']).toEqual([refusal, shipped]);
    expect(used['orders.list']).toBeUndefined();
    const junit = await readFile(join(dir.path, 'conformance.junit.xml'), 'utf8');
    expect(junit).toContain(
      `<property name="orders" value="setup: 2 pending, 1 shipped (${cancel}, ${refusal}; ${shipped})"/>`,
    );
    expect(junit).toMatch(
      new RegExp(
        `orders.cancel-pending: [^"]*"[^>]*>\\s*<properties>\\s*<property name="orders" value="${cancel}"/>`,
      ),
    );
  });
});
