import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchResults, LoadResult } from './bench-report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Proves that the bench runs end to end; its figures depend on the machine and are never asserted.
describe('npm run bench -- --smoke', () => {
  it('measures every workload against every target, writes the reports and leaves no process behind', async () => {
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench.ts', '--smoke', '--out', out],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
        (_error, stdout) => resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(code).toBe(0);
    expect(stdout).toContain('| Workload |');

    const results = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as BenchResults;
    expect(results.load.map((result) => result.id)).toEqual([
      'list-25',
      'unauthorized',
      'not-found',
      'list-1000',
      'list-large',
      'cancel',
    ]);
    for (const result of results.load) {
      for (const target of ['ours', 'bare']) {
        expect(result.samples[target]?.[0]?.requests, `${result.id} on ${target}`).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(results.load[0]?.samples ?? {})).toContain('prism');
    for (const measure of [results.startup, results.memory, results.msw, results.conformance]) {
      expect(['measured', 'skipped']).toContain(measure.kind);
    }
    expect(readFileSync(join(out, 'bench.md'), 'utf8')).toContain('Machine:');
    // Several replicas: measured wherever redis-server is installed (it is in CI).
    const { replicas } = results as BenchResults & { replicas: LoadResult[] | { kind: string } };
    if (existsSync('/usr/bin/redis-server') || process.env.CI === 'true') {
      expect((replicas as LoadResult[]).map((result) => Object.keys(result.samples))).toEqual([
        ['memory', 'redis', 'redis-2-workers'],
        ['memory', 'redis'],
      ]);
    }
    expect(results.pids.filter(isRunning)).toEqual([]);
  }, 240_000);
});
