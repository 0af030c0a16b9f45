import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { registry } from '../checks/index.ts';
import { allReports, runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY, type TargetOptions } from '../test-support/target.ts';

const { target } = serverPool();

const noSunset: TargetOptions = {
  transform: (req, res) =>
    req.path.startsWith('/pets/') ? { ...res, headers: { ...res.headers, sunset: 'soon' } } : res,
};
const acceptsAnyone: TargetOptions = { credentials: () => 'ok' };

describe('petstore-conformance CLI', () => {
  it('prints the help and the check list with exit 0', async () => {
    expect((await runCli(['--help'])).stdout).toMatch(/Exit codes: 0/);
    const list = await runCli(['--list']);
    expect(list.code).toBe(0);
    for (const check of registry.checks) expect(list.stdout).toContain(check.id);
    expect(list.stdout).toMatch(/opt-in: cancels an order; give orders with --setup or --state-url/);
  });

  it('prints the package version with --version and exit 0', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(await runCli(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([
    [[], /--base-url \(or PETSTORE_BASE_URL\) is required/],
    [['--base-url', 'http://x/v1', '--bogus'], /Unknown option '--bogus'/],
    [['--base-url', 'http://x/v1', '--timeout', 'soon'], /--timeout must be a number/],
    [
      ['--base-url', 'http://x/v1', '--reporter', 'json', '--reporter', 'pretty'],
      /only one report can go to the console/,
    ],
    [['--base-url', 'http://x/v1', '--reporter', 'xml', '--output', 'd'], /unknown reporter "xml"/],
    [['--base-url', 'http://x/v1', '--only', 'auth.nope'], /unknown check id: auth.nope/],
    [['--base-url', 'ftp://x/v1'], /must be http or https/],
    [['--base-url', 'http://x/v1', '--pending-order-id', '1.5'], /int64 integer/],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const { code, stderr } = await runCli(args as string[]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message as RegExp);
  });

  it('reads the base URL and key from the environment and never prints the key', async () => {
    const baseUrl = await target(acceptsAnyone);
    const { code, stdout, stderr } = await runCli([], {
      PETSTORE_BASE_URL: baseUrl,
      PETSTORE_API_KEY: TARGET_KEY,
    });
    expect(code).toBe(1);
    expect(stdout).toContain('API key: given (redacted in every report)');
    expect(stdout).toMatch(/Reproduce with:\n\s+curl -i '.*\/v1\/store\/orders'\n/);
    expect(`${stdout}${stderr}`).not.toContain(TARGET_KEY);
  });

  it('prints one line per check, reproduce lines with $PETSTORE_API_KEY, and the summary line', async () => {
    const baseUrl = await target(noSunset);
    const { code, stdout } = await runCli(['--base-url', baseUrl, '--api-key', TARGET_KEY]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /WARN should pets\.sunset — GET \/pets\/1 → 200: Sunset: "soon" is not an IMF-fixdate/,
    );
    expect(stdout).toContain(`curl -i '${baseUrl}/pets/1' -H "Authorization: Bearer $PETSTORE_API_KEY"`);
    expect(stdout).toMatch(/should {2}\d+ passed, 1 warnings/);
    expect(stdout).toMatch(
      /Result: PASS \(\d+ checks not run: give orders \(--setup, --state-url, or --pending-order-id and --shipped-order-id\)\) \(exit 0\) — \d+ checks: \d+ passed, 1 failed, \d+ skipped/,
    );
    expect(stdout).not.toContain(TARGET_KEY);
  });

  it('prints a lone JSON report to the console', async () => {
    const { code, stdout } = await runCli([
      '--base-url',
      await target(),
      '--api-key',
      TARGET_KEY,
      '--reporter',
      'json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ tool: 'petstore-conformance', summary: { exitCode: 0 } });
  });

  it('exits 1 on a should failure with --strict', async () => {
    const baseUrl = await target(noSunset);
    expect((await runCli(['--base-url', baseUrl, '--api-key', TARGET_KEY, '--strict'])).code).toBe(1);
  });

  describe('reports', () => {
    const dir = tempDir('conformance-');

    it('writes the JSON and JUnit reports to --output, key redacted', async () => {
      const baseUrl = await target();
      const args = [
        '--base-url',
        baseUrl,
        '--api-key',
        TARGET_KEY,
        '--pending-order-id',
        '1',
        '--shipped-order-id',
        '2',
      ];
      const reporters = allReports(dir.path);
      const { code, stderr } = await runCli([...args, ...reporters]);
      expect(code).toBe(0);
      expect(stderr).toContain('conformance.junit.xml');
      const json = await readFile(join(dir.path, 'conformance.json'), 'utf8');
      const junit = await readFile(join(dir.path, 'conformance.junit.xml'), 'utf8');
      expect(`${json}${junit}`).not.toContain(TARGET_KEY);
      const report = JSON.parse(json) as {
        checks: Array<{ exchanges: Array<{ request: { headers: object } }> }>;
      };
      expect(report.checks).toHaveLength(registry.checks.length);
      expect(report.checks[0]?.exchanges[0]?.request.headers).toBeDefined();
      expect(json).toContain('"authorization": "Bearer [REDACTED]"');
      expect(junit.match(/<testcase /g)).toHaveLength(registry.checks.length);
      expect(junit).toMatch(/<testsuite name="petstore-conformance must" tests="\d+" failures="0"/);
    });
  });
});

describe('petstore-conformance as a process', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const run = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'conformance/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      timeout: 20_000,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
    );

  it('exits 0, 1 and 2 as documented', async () => {
    const good = await target();
    const bad = await target(acceptsAnyone);
    const env = { PETSTORE_API_KEY: TARGET_KEY };
    const [passes, fails, usage] = await Promise.all([
      run(['--base-url', good], env),
      run(['--base-url', bad], env),
      run(['--base-url', good, '--retries', 'many']),
    ]);
    expect(passes.code, passes.stdout).toBe(0);
    expect(fails.code).toBe(1);
    expect(usage.code).toBe(2);
  });
});
