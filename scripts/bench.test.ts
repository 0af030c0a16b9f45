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
  it('measures every row of the table against its reference, writes the reports and leaves no process behind', async () => {
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench.ts', '--smoke', '--out', out],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
        (_error, stdout) => resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(code).toBe(0);
    expect(stdout).toContain('| Measure |');

    const results = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as BenchResults;
    // Every row of issue #18 is there, with a figure, and the load rows measured both servers.
    const measured = results.rows.filter((row) => row.value !== undefined && row.skipped === undefined);
    expect(measured.map((row) => row.id)).toEqual(
      expect.arrayContaining([
        'list-25',
        'list-25-prism',
        'unauthorized',
        'not-found',
        'admin-list',
        'list-large',
        'cancel',
        'memory-large',
        'memory-huge',
        'change-huge',
        'startup',
        'msw',
      ]),
    );
    for (const id of ['list-25', 'unauthorized', 'not-found', 'admin-list', 'list-large', 'cancel']) {
      const samples = results.raw[id] as Record<string, { requests: number }[]>;
      for (const target of ['ours', 'bare']) {
        expect(samples[target]?.[0]?.requests, `${id} on ${target}`).toBeGreaterThan(0);
      }
    }
    // The start-up paths that load a dependency show its floor (a bare server doing only that) beside them.
    const startupRows = results.rows.filter((row) => row.id === 'startup' && row.skipped === undefined);
    const withFloor = (path: string) =>
      startupRows.find((row) => row.measure.includes(`(${path}`))?.reference;
    expect(withFloor('--seed 42')).toMatch(/floor: bare \+ faker's base.*: \d\.\d{3} s/);
    expect(withFloor('--config')).toMatch(/floor: bare \+ js-yaml.*: \d\.\d{3} s/);
    // On Linux they come with the page faults behind them, and what one costs on this machine.
    if (process.platform === 'linux') {
      const faults = startupRows.find((row) => row.measure.includes('page faults'));
      expect(faults?.ours).toMatch(/^default [+−]\d+ \(\d+\.\d ms\); --seed 42 [+−]\d+/);
      expect(faults?.value).toBeGreaterThan(0);
    }
    expect(readFileSync(join(out, 'bench.md'), 'utf8')).toContain('Machine:');
    // Several replicas: measured wherever redis-server is installed (it is in CI).
    const replicas = results.raw.replicas as LoadResult[] | { kind: string };
    if (existsSync('/usr/bin/redis-server') || process.env.CI === 'true') {
      expect((replicas as LoadResult[]).map((result) => Object.keys(result.samples))).toEqual([
        ['memory', 'redis', 'redis-2-workers'],
        ['memory', 'redis'],
      ]);
    }
    expect(results.pids.filter(isRunning)).toEqual([]);
  }, 240_000);
});
