import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allReports, runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY, type TargetOptions } from '../test-support/target.ts';
import { entriesOf } from './expected-failures.ts';
import { UsageError } from './usage-error.ts';

const { target } = serverPool();
const dir = tempDir('expected-failures-');

/** A deployment that answers 204 to the cancel of any absent id: `orders.cancel-absent` fails, on cancelOrder. */
const cancelsAnything: TargetOptions = {
  transform: (request, response) =>
    request.method === 'DELETE' && response.status === 404 ? { status: 204, headers: {} } : response,
};

async function run(list: string, name = 'baseline.yaml', extra: string[] = []) {
  const file = join(dir.path, name);
  await writeFile(file, list);
  const baseUrl = await target(cancelsAnything);
  const result = await runCli(['--base-url', baseUrl, '--expected-failures', file, ...extra], {
    PETSTORE_API_KEY: TARGET_KEY,
  });
  return { ...result, file };
}

describe('--expected-failures', () => {
  it('reports a listed failure as an expected failure, with its reason, and the run passes', async () => {
    const { code, stdout } = await run('- id: orders.cancel-absent\n  reason: STAGING-12, fixed in 2.4\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/XFAIL must {3}orders\.cancel-absent — .*\(expected: STAGING-12, fixed in 2\.4\)/);
    expect(stdout).toMatch(/must {4}\d+ passed, 0 failed, 1 expected/);
    expect(stdout).toMatch(/Result: PASS \(\d+ checks not run: .*\) \(exit 0\)/);
  });

  it('fails the run on a failure the list does not name', async () => {
    const { code, stdout } = await run('["auth.challenge-error"]', 'baseline.json');
    expect(code).toBe(1);
    expect(stdout).toMatch(/FAIL must {3}orders\.cancel-absent/);
  });

  it('fails the run on a listed check that now passes: stale, with the line that says what to do', async () => {
    const { code, stdout, stderr, file } = await run('- orders.cancel-absent\n- auth.challenge\n');
    expect(code).toBe(1);
    expect(stdout).toMatch(/STALE should auth\.challenge/);
    expect(stderr).toContain(
      `petstore-conformance: stale: auth.challenge now passes; remove it from ${file}\n`,
    );
  });

  it('exits 2 on an id that names no check, naming the closest valid id', async () => {
    const { code, stderr } = await run('- orders.cancel-absnt\n');
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown check id "orders\.cancel-absnt"; did you mean orders\.cancel-absent\?/);
  });

  it('narrows an entry to its operation: listed on cancelOrder it is expected, on listOrders it is stale and the failure counts', async () => {
    expect((await run('- id: orders.cancel-absent\n  operation: cancelOrder\n')).code).toBe(0);
    const elsewhere = await run('- id: orders.cancel-absent\n  operation: listOrders\n');
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toMatch(/FAIL must {3}orders\.cancel-absent/);
    expect(elsewhere.stderr).toContain('stale: orders.cancel-absent (listOrders) now passes');
    const unknown = await run('- id: orders.cancel-absent\n  operation: cancelOrders\n');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/names no operation "cancelOrders"; did you mean cancelOrder\?/);
  });

  it('shows expected failures as their own outcome in every report', async () => {
    const reports = join(dir.path, 'reports');
    const extra = [...allReports(reports), '--reporter', 'markdown', '--reporter', 'html'];
    const { code } = await run('- id: orders.cancel-absent\n  reason: known\n', 'b.yaml', extra);
    expect(code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const read = (name: string) => readFile(join(reports, name), 'utf8');
    const json = JSON.parse(await read('conformance.json'));
    const check = json.checks.find((c: { id: string }) => c.id === 'orders.cancel-absent');
    expect(check).toMatchObject({ status: 'expected-failure', expected: { reason: 'known' } });
    expect(json.summary.counts.must).toMatchObject({ failed: 0, expected: 1 });
    expect(await read('conformance.junit.xml')).toMatch(
      /orders\.cancel-absent: [^"]*"[^>]*>\n {6}<skipped type="expected-failure" message="expected failure \(known\): /,
    );
    expect(await read('conformance.md')).toMatch(
      /\| `orders\.cancel-absent` \| expected failure \(known\) \|/,
    );
    expect(await read('conformance.html')).toMatch(
      /<li class="check" data-severity="must" data-outcome="expected"><details><summary><span class="tag">expected failure<\/span> <span class="severity">must<\/span> <code>orders\.cancel-absent<\/code>/,
    );
  });

  it('refuses a file that is not a list of ids or entries, saying which entry', async () => {
    expect((await run('{ "orders.list": true }', 'bad.json')).stderr).toMatch(/expected a list of check ids/);
    expect((await run('- id: orders.list\n  reson: typo\n')).stderr).toMatch(/entry 1 has "reson"/);
    expect((await run('- [\n')).stderr).toMatch(/is not YAML or JSON \(line \d+\)/);
    const missing = await runCli([
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--expected-failures',
      join(dir.path, 'none.yaml'),
    ]);
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/none\.yaml cannot be read \(ENOENT\)/),
    });
  });
});

describe('the baseline file', () => {
  it('takes ids alone or with a reason and an operation', () => {
    expect(entriesOf(['a.b', { id: 'c.d', reason: 'r', operation: 'op' }], 'f')).toEqual([
      { id: 'a.b' },
      { id: 'c.d', reason: 'r', operation: 'op' },
    ]);
    expect(() => entriesOf([{ reason: 'r' }], 'f')).toThrow(UsageError);
    expect(() => entriesOf([{ id: 3 }], 'f')).toThrow(/id must be text/);
  });
});
