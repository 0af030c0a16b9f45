import { describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { runCli } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';

// A run that skipped checks says so in its result line, with what to give for them to run; --fail-on-skip
// makes it fail for CI.

const { target } = serverPool();
const GIVE_ORDERS = 'orders (--setup, --state-url, or --pending-order-id and --shipped-order-id)';

describe('the result line of a run that skipped checks', () => {
  it('says how many did not run and what to give, and still passes', async () => {
    const baseUrl = await target();
    const { code, stdout } = await runCli(['--base-url', baseUrl, '--api-key', TARGET_KEY]);
    expect(code).toBe(0);
    const skipped = Number(/(\d+) skipped in/.exec(stdout)?.[1]);
    expect(skipped).toBeGreaterThan(0);
    expect(stdout).toContain(`Result: PASS (${skipped} checks not run: give ${GIVE_ORDERS}) (exit 0)`);
  });

  it('names the key first when it is missing too', async () => {
    const { stdout } = await runCli(['--base-url', await target()]);
    expect(stdout).toMatch(
      /Result: PASS \(\d+ checks not run: give an API key \(--api-key or PETSTORE_API_KEY\) and orders \(--setup/,
    );
  });

  it('fails the run with --fail-on-skip (exit 1), in every report', async () => {
    const baseUrl = await target();
    const { code, stdout } = await runCli(['--base-url', baseUrl, '--api-key', TARGET_KEY, '--fail-on-skip']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/Result: FAIL \(\d+ checks not run, --fail-on-skip: give orders/);
    const json = await runCli([
      '--base-url',
      baseUrl,
      '--api-key',
      TARGET_KEY,
      '--fail-on-skip',
      '--reporter',
      'json',
    ]);
    expect(JSON.parse(json.stdout).summary).toMatchObject({
      outcome: 'failed',
      exitCode: 1,
      failOnSkip: true,
    });
  });

  it('passes with --fail-on-skip when every check ran', async () => {
    const baseUrl = await target();
    const { code, stdout } = await runCli([
      ...['--base-url', baseUrl, '--api-key', TARGET_KEY, '--fail-on-skip'],
      ...['--pending-order-id', '1', '--shipped-order-id', '2'],
    ]);
    expect(code, stdout).toBe(0);
    const total = registry.checks.length;
    expect(stdout).toContain(`Result: PASS (exit 0) — ${total} checks: ${total} passed, 0 failed, 0 skipped`);
  });
});
