import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { main } from '../cli/main.ts';

/**
 * Runs the CLI in-process; `all` is stdout and stderr together (what a CI log shows). `cwd`: where it looks for
 * petstore-mock.config.json.
 */
export async function runCli(args: string[], env: Record<string, string> = {}, isTTY = false, cwd?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const started = performance.now();
  const io = {
    stdout: (t: string) => out.push(t),
    stderr: (t: string) => err.push(t),
    isTTY,
    ...(cwd === undefined ? {} : { cwd }),
  };
  const code = await main(args, env, io);
  const [stdout, stderr] = [out.join(''), err.join('')];
  return { code, stdout, stderr, all: `${stdout}${stderr}`, ms: performance.now() - started };
}

/** A temporary folder for the describe block's tests, removed after them; read `.path` inside a test. */
export function tempDir(prefix: string): { path: string } {
  const dir = { path: '' };
  beforeAll(async () => {
    dir.path = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir.path, { recursive: true, force: true });
  });
  return dir;
}

/** The arguments that write every report: pretty to the console, JSON and JUnit into `dir`. */
export const allReports = (dir: string): string[] => [
  ...['--reporter', 'pretty', '--reporter', 'json', '--reporter', 'junit'],
  ...['--output', dir],
];
