import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allReports, runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { type StandIn, stagingStandIn, standInHooks } from '../test-support/staging.ts';
import { TARGET_KEY } from '../test-support/target.ts';

// Against a staging stand-in with setup and teardown hooks: the run changes only the orders the setup made
// (and ids proven absent), the teardown runs whatever happens, and a hook that fails is one line and exit 2
// (docs/conformance.md, "Running against staging").

const pool = serverPool();
const hooks = standInHooks();
const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  PETSTORE_API_KEY: TARGET_KEY,
  ...extra,
});
const run = (standIn: StandIn, args: string[] = [], extra: Record<string, string> = {}) =>
  runCli(
    ['--base-url', standIn.baseUrl, '--setup', hooks.setup, '--teardown', hooks.teardown, ...args],
    env(extra),
  );

const made = (standIn: StandIn) =>
  standIn.office.filter((line) => line.startsWith('made ')).map((line) => line.split(' ')[1] as string);
const removed = (standIn: StandIn) =>
  standIn.office.filter((line) => line.startsWith('removed ')).map((line) => line.split(' ')[1] as string);

describe('a run against staging with --setup and --teardown', () => {
  const dir = tempDir('conformance-staging-');

  it("sends DELETEs only to the setup's orders and to ids proven absent, and the teardown removes them", async () => {
    const standIn = await stagingStandIn(pool);
    const { code, all } = await run(standIn, allReports(dir.path));
    expect(code, all).toBe(0);
    expect(all).toMatch(
      /orders: setup: 2 pending, 1 shipped \(9007199254740993, 9007199254740994; 9007199254740995\)/,
    );
    const hookIds = made(standIn);
    expect(hookIds).toHaveLength(3);
    const largest = [...standIn.seeded, ...hookIds].map(BigInt).reduce((a, b) => (a > b ? a : b));
    const deleted = standIn.journal
      .filter((r) => r.startsWith('DELETE '))
      .map((r) => r.split('?')[0]?.split('/').at(-1) ?? '');
    expect(deleted.length).toBeGreaterThan(hookIds.length);
    for (const id of deleted) {
      // Not the malformed probe either: order 0 is listed, and this server reads `not-a-number` as 0.
      const provenAbsent = /^[1-9][0-9]*$/.test(id) && BigInt(id) > largest;
      expect(hookIds.includes(id) || provenAbsent, `DELETE of ${id}`).toBe(true);
    }
    expect(removed(standIn).sort()).toEqual(hookIds.sort());
    const json = JSON.parse(await readFile(join(dir.path, 'conformance.json'), 'utf8'));
    expect(json.orders).toEqual({
      source: 'setup',
      pending: ['9007199254740993', '9007199254740994'],
      shipped: ['9007199254740995'],
    });
  });

  it('runs the teardown after a failure (exit 1)', async () => {
    const standIn = await stagingStandIn(pool, { refusedButCancels: 'conflict' });
    const { code, stdout } = await run(standIn);
    expect(code).toBe(1);
    expect(stdout).toMatch(/FAIL must {3}orders\.refused-unchanged/);
    expect(removed(standIn)).toHaveLength(3);
  });

  it('runs the teardown after --max-time ran out (exit 2)', async () => {
    const standIn = await stagingStandIn(pool, { delayMs: 150 });
    const { code, stderr } = await run(standIn, ['--max-time', '1']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--max-time\) ran out/);
    expect(removed(standIn)).toHaveLength(3);
  });

  it('runs the teardown after SIGTERM, then exits 143', async () => {
    const standIn = await stagingStandIn(pool, { delayMs: 300 });
    const args = ['--setup', hooks.setup, '--teardown', hooks.teardown];
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'conformance/cli.ts', '--base-url', standIn.baseUrl, ...args],
      { env: env(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    cli.stdout.on('data', (chunk) => {
      output += chunk;
    });
    cli.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => cli.on('exit', (code) => resolve(code)));
    try {
      while (!standIn.journal.some((r) => r.startsWith('DELETE '))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      cli.kill('SIGTERM');
      expect(await exited, output).toBe(143);
      expect(removed(standIn)).toHaveLength(3);
      expect(output).toMatch(/Interrupted: interrupted by SIGTERM: \d+ check\(s\) not run/);
      expect(output).toMatch(/not run: the run was interrupted \(SIGTERM\)/);
    } finally {
      cli.kill('SIGKILL');
    }
  }, 30_000);
});

describe('a hook that fails', () => {
  const oneLine = (stderr: string) => {
    expect(stderr.endsWith('\n')).toBe(true);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  };

  it.each([
    [
      'exits non-zero',
      `echo "cannot reach the back office" >&2; exit 3`,
      /^petstore-conformance: the setup command \(--setup\) exited with code 3; its stderr ends with "cannot reach the back office"\n$/,
    ],
    [
      'prints nothing',
      'true',
      /^petstore-conformance: the setup command \(--setup\) printed nothing on stdout \(expected one JSON object\)\n$/,
    ],
    [
      'prints something else than its JSON',
      `printf '<html>maintenance</html>'`,
      /^petstore-conformance: the setup command \(--setup\) printed 24 bytes on stdout that are not JSON \(not shown\)\n$/,
    ],
    [
      'prints ids that are no int64',
      `echo '{"pending": ["9223372036854775808"]}'`,
      /^petstore-conformance: the setup command \(--setup\) printed "pending"\[0\] that is not an int64 id/,
    ],
    [
      'outlives --hook-timeout',
      'sleep 30',
      /^petstore-conformance: the setup command \(--setup\) did not finish within 1 s \(--hook-timeout\) and was stopped \(no stderr\)\n$/,
    ],
  ])('%s: exit 2, one line, no check run', async (_name, setup, message) => {
    const standIn = await stagingStandIn(pool);
    const { code, stdout, stderr, ms } = await runCli(
      ['--base-url', standIn.baseUrl, '--setup', setup, '--hook-timeout', '1'],
      env(),
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    oneLine(stderr);
    expect(stdout).toBe('');
    expect(standIn.journal).toEqual([]);
    expect(ms).toBeLessThan(5000);
  });

  it('never prints the key a hook writes on stderr, nor a secret of its output a server echoes', async () => {
    const setup = await runCli(
      [
        '--base-url',
        (await stagingStandIn(pool)).baseUrl,
        '--setup',
        'echo "token $PETSTORE_API_KEY" >&2; exit 1',
      ],
      env(),
    );
    expect(setup.code).toBe(2);
    expect(setup.stderr).toMatch(/its stderr ends with "token \[REDACTED\]"/);

    const standIn = await stagingStandIn(pool);
    const token = 'stage-secret-0a1b2c3d';
    const teardown = await run(standIn, ['--reporter', 'json'], {
      HOOK_TOKEN: token,
      TEARDOWN_FAILS: TARGET_KEY,
    });
    expect(teardown.code).toBe(2);
    expect(teardown.stderr).toMatch(
      /^petstore-conformance: the teardown command \(--teardown\) exited with code 4; its stderr ends with "could not remove the orders: \[REDACTED\]"\n/,
    );
    for (const output of [setup.all, teardown.all]) {
      expect(output).not.toContain(TARGET_KEY);
      expect(output).not.toContain(token);
    }
    const report = JSON.parse(teardown.stdout);
    expect(report.summary).toMatchObject({ outcome: 'teardown-failed', exitCode: 2 });
    expect(report.summary.counts.must.failed).toBe(0);
    expect(JSON.stringify(report.checks)).toContain('"x-echo":"[REDACTED]"');
  });
});
