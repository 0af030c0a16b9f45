import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { collectConformance, runConformance } from '../index.ts';
import { runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';
import { runCommand } from './command.ts';

const pool = serverPool();
const node = (code: string) => `"${process.execPath}" -e "${code}"`;
const prints = (json: string) => `echo '${json}'`;
const env = { PATH: process.env.PATH ?? '' };

describe('the setup command', () => {
  const dir = tempDir('conformance-needs-');

  it('is told the base URL and how many orders of each kind the selected checks consume', async () => {
    const baseUrl = await pool.target();
    const file = join(dir.path, 'needs');
    const setup = node(
      `require('fs').writeFileSync('${file}', process.env.PETSTORE_NEEDS + ' ' + process.env.PETSTORE_BASE_URL); console.log('{}')`,
    );
    const needs = async (options: { apiKey?: string; only?: string[] }) => {
      await collectConformance({ baseUrl, setup, env, ...options });
      return readFile(file, 'utf8');
    };
    expect(await needs({ apiKey: TARGET_KEY })).toBe(`{"pending":2,"shipped":1} ${baseUrl}`);
    expect(await needs({ apiKey: TARGET_KEY, only: ['orders.cancel-shipped'] })).toMatch(
      /^\{"pending":0,"shipped":1\} /,
    );
    expect(await needs({ apiKey: TARGET_KEY, only: ['orders.refused-unchanged'] })).toMatch(
      /^\{"pending":1,"shipped":1\} /,
    );
    // Without a key no check that changes an order can run: none is asked for.
    expect(await needs({})).toMatch(/^\{"pending":0,"shipped":0\} /);
  });

  it('skips the checks left without an order with the reason, never on a guessed id', async () => {
    const requests: string[] = [];
    const baseUrl = await pool.target({ onRequest: (r) => requests.push(`${r.method} ${r.path}`) });
    const short = await collectConformance({
      baseUrl,
      apiKey: TARGET_KEY,
      env,
      setup: prints('{"pending": ["1"]}'),
    });
    const byId = Object.fromEntries(short.results.map((r) => [r.id, r]));
    expect(byId['orders.cancel-pending']).toMatchObject({ status: 'passed', orderIds: ['1'] });
    for (const id of ['orders.cancel-shipped', 'orders.conflict-body', 'info.conflict-body'])
      expect(byId[id], id).toMatchObject({
        status: 'skipped',
        message: 'the setup provided 0 of 1 shipped orders',
      });
    expect(byId['orders.refused-unchanged']).toMatchObject({
      status: 'skipped',
      message: 'the setup provided 1 of 2 pending orders',
    });
    expect(short.summary.notRun?.give).toEqual([
      'more orders from the setup (it provided 1 of 2 pending, 0 of 1 shipped)',
    ]);
    const deletes = requests.filter(
      (r) => r.startsWith('DELETE /store/orders/') && !r.endsWith('not-a-number'),
    );
    expect(deletes.map((r) => r.split('/').at(-1)).filter((id) => BigInt(id ?? '0') < 1000n)).toEqual([
      '1',
      '1',
    ]);
  });

  it('grades the refused requests on the shipped order alone when no pending order is left for them', async () => {
    const baseUrl = await pool.target();
    const { results } = await collectConformance({
      baseUrl,
      apiKey: TARGET_KEY,
      env,
      setup: prints('{"pending": ["1"], "shipped": ["2"]}'),
    });
    expect(results.find((r) => r.id === 'orders.refused-unchanged')).toMatchObject({
      status: 'passed',
      message: expect.stringMatching(
        /\(no pending order of its own: the setup provided 1 of 2 pending orders\)$/,
      ),
      orderIds: ['2'],
    });
  });

  it('skips an order the setup gave that the list does not hold', async () => {
    const baseUrl = await pool.target();
    const { results } = await collectConformance({
      baseUrl,
      apiKey: TARGET_KEY,
      env,
      setup: prints('{"pending": ["77", "3"], "shipped": ["2"]}'),
    });
    expect(results.find((r) => r.id === 'orders.cancel-pending')?.message).toMatch(
      /order 77 is not in the order list/,
    );
  });
});

describe('the options of the hooks', () => {
  it.each([
    [['--teardown', 'true'], /--teardown needs --setup/],
    [['--setup', 'true', '--state-url', 'http://x/states'], /--setup and --state-url both give orders/],
    [['--setup', 'true', '--pending-order-id', '1'], /both give orders: use one of them/],
    [['--setup', ' '], /--setup needs a command/],
    [['--state-url', 'ftp://x/states'], /the state URL must be http or https/],
    [['--state-url', 'http://user:pw@x/states'], /the state URL carries credentials/],
    [['--hook-timeout', '0', '--setup', 'true'], /hook timeout must be a number above 0/],
    [['--explore', '--setup', 'true'], /exploration changes no order without --allow-writes/],
  ])('refuses %j with exit 2 before any hook runs', async (args, message) => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9/v1', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain('pw@');
  });
});

describe('a hook command', () => {
  it('gets its stdin, and keeps the end of its stderr', async () => {
    const run = await runCommand('cat; echo first >&2; echo last >&2', {
      env,
      stdin: 'given',
      timeoutMs: 5000,
    });
    expect(run).toMatchObject({ stdout: 'given', code: 0, timedOut: false });
    expect(run.stderrTail).toBe('first\nlast\n');
  });

  it('is stopped with every process it started once its time is up', async () => {
    const started = performance.now();
    // The background sleep keeps stdout open after the shell ends: only stopping the group ends the wait.
    const run = await runCommand('sleep 30 & echo started', { env, timeoutMs: 300 });
    expect(run.timedOut).toBe(true);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('says so when more than 1 MiB comes on stdout', async () => {
    const run = await runCommand(`"${process.execPath}" -e "process.stdout.write('x'.repeat(2 ** 21))"`, {
      env,
      timeoutMs: 5000,
    });
    expect(run.overflow).toBe(true);
    expect(run.stdout.length).toBeLessThanOrEqual(2 ** 20);
  });
});

describe('a run stopped by a signal', () => {
  const dir = tempDir('conformance-signal-');

  it('runs the teardown, reports the checks left as not run and ends interrupted (130 for SIGINT)', async () => {
    const stop = new AbortController();
    const baseUrl = await pool.target({ onRequest: () => stop.abort('SIGINT') });
    const file = join(dir.path, 'torn-down');
    const { results, summary } = await collectConformance({
      baseUrl,
      apiKey: TARGET_KEY,
      env,
      setup: prints('{"pending": ["1", "3"], "shipped": ["2"]}'),
      teardown: `cat > "${file}"`,
      signal: stop.signal,
    });
    expect(summary).toMatchObject({ outcome: 'interrupted', exitCode: 130 });
    expect(summary.error).toBe(`interrupted by SIGINT: ${registry.checks.length} check(s) not run`);
    expect(results.every((r) => r.message === 'not run: the run was interrupted (SIGINT)')).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ pending: ['1', '3'], shipped: ['2'] });
  });
});

describe('a consumer that stops reading the events', () => {
  const dir = tempDir('conformance-stop-reading-');

  it('still gets the teardown run', async () => {
    const file = join(dir.path, 'torn-down');
    const run = runConformance({
      baseUrl: await pool.target(),
      apiKey: TARGET_KEY,
      env,
      setup: prints('{"pending": ["1"]}'),
      teardown: `cat > "${file}"`,
    });
    for await (const event of run) if (event.type === 'check') break;
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ pending: ['1'] });
  });
});

describe('exploration with hooks', () => {
  it('gives --allow-writes the orders of the setup, and no other', async () => {
    const requests: string[] = [];
    const baseUrl = await pool.target({ onRequest: (r) => requests.push(`${r.method} ${r.path}`) });
    const { summary } = await collectConformance({
      baseUrl,
      apiKey: TARGET_KEY,
      env,
      setup: prints('{"pending": ["3"], "shipped": ["2"]}'),
      explore: { seed: 3, maxRequests: 200, allowWrites: true },
    });
    expect(summary.outcome).not.toBe('unreachable');
    const writes = requests.filter((r) => /^\S+ \/store\/orders\/[^/]+$/.test(r) && !r.startsWith('GET '));
    expect(writes.some((r) => /\/(2|3)$/.test(r))).toBe(true);
    expect(writes.filter((r) => r.endsWith('/1'))).toEqual([]);
  });
});
