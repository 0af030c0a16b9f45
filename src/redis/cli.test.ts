import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { parseCli, UsageError } from '../cli/options.ts';
import { runToEnd, startWith } from '../test-support/cli-run.ts';
import {
  freePort,
  redisServerInstalled,
  startRedisServer,
  type TestRedis,
} from '../test-support/redis-server.ts';
import { PENDING_ID } from '../test-support/scenarios.ts';
import { printableStoreUrl } from './settings.ts';

const CLI = new URL('../cli/cli.ts', import.meta.url).pathname;
/** How long one wait of the workers' tests may take; each test waits three times (130 s in all, its timeout). */
const WAIT_MS = 40_000;
const hasRedis = redisServerInstalled();
let redis: TestRedis;
const spawned: ChildProcess[] = [];

beforeAll(async () => {
  if (hasRedis) redis = await startRedisServer();
});
afterEach(() => {
  for (const child of spawned.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => redis?.stop());

const cancel = (baseUrl: string, session?: string) =>
  fetch(`${baseUrl}/store/orders/${PENDING_ID}`, {
    method: 'DELETE',
    headers: { authorization: 'Bearer petstore-dev-key', ...(session ? { 'x-mock-session': session } : {}) },
  }).then((response) => response.status);

/** `petstore-mock --workers 2` from source on the shared Redis, with what it printed and its workers' pids. */
function spawnWorkers(keyPrefix: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', '0', '--quiet', '--workers', '2', '--key-prefix', keyPrefix],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PETSTORE_STORE: redis.url } },
  );
  spawned.push(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Each wait has a budget of its own, within the test's timeout: under a loaded CI host, starting a worker from
  // source (tsx) took up to 20 s, and the test starts three one after another (two, then the replacement); a
  // deadline shared by the whole test ran out in the last wait (2026-11-27, the 2031 time-travel leg).
  // `what` may be a function, to say what was last seen when the wait fails.
  const waitFor = async (done: () => boolean | Promise<boolean>, what: string | (() => string)) => {
    const deadline = performance.now() + WAIT_MS;
    while (!(await done())) {
      if (performance.now() > deadline || child.exitCode !== null) {
        throw new Error(`${typeof what === 'string' ? what : what()}: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const workerPids = () => {
    try {
      return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(CLI))
        .map((line) => Number.parseInt(line, 10));
    } catch {
      return []; // ps exits 1 while the primary has no child yet
    }
  };
  const banner = async () => {
    await waitFor(() => /listening on (http:\S+\/v1)/.test(output), 'no banner');
    return /listening on (http:\S+\/v1)/.exec(output)?.[1] as string;
  };
  return { child, output: () => output, waitFor, workerPids, banner };
}

/** One line on stderr and exit code 2, as every refusal to start. */
async function refusal(argv: string[], env = {}): Promise<string> {
  const { code, stderr } = await runToEnd(argv, env);
  expect(code).toBe(2);
  expect(stderr.split('\n')).toEqual([expect.stringMatching(/^petstore-mock: /), '']);
  return stderr.trim();
}

describe('the replica options', () => {
  test('take --store from PETSTORE_STORE, with a documented default key prefix and one worker', () => {
    const parsed = parseCli([], { PETSTORE_STORE: 'redis://127.0.0.1:6379/0' });
    expect(parsed).toMatchObject({
      options: { store: 'redis://127.0.0.1:6379/0', keyPrefix: 'petstore-mock', workers: 1 },
    });
    expect(parseCli(['--store', 'memory'])).not.toHaveProperty('options.store');
  });

  test.each([
    [['--workers', '2'], '--workers 2 needs a shared store: add --store redis://HOST:PORT/DB'],
    [
      ['--store', 'postgres://x'],
      '--store must be memory or redis://HOST:PORT/DB (the value given is not shown).',
    ],
    [['--store', 'redis://h:1/0', '--key-prefix', 'a b'], '--key-prefix must be 1 to 100 letters'],
    [['--store', 'redis://h:1/0', '--workers', '0'], '--workers must be a whole number from 1 to 64'],
    [['--store', 'redis://h:1/0', '--fixtures', 'f.json', '--watch'], '--watch reloads one process'],
  ])('refuse %j with one line', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });

  test('never print a password given in the store URL', () => {
    expect(printableStoreUrl('redis://user:secret@db:6379/0')).toBe('redis://user:***@db:6379/0');
    expect(printableStoreUrl('rediss://:secret@db/1')).toBe('rediss://:***@db/1');
    expect(printableStoreUrl('redis://db:6379/0')).toBe('redis://db:6379/0');
  });

  test('exit 2 with one line naming --store when --workers comes without a shared store', async () => {
    expect(await refusal(['--port', '0', '--workers', '2'])).toContain('--store');
  });
});

describe.skipIf(!hasRedis)('the CLI with --store', () => {
  test('exits 2 with one clear line when Redis cannot be reached, with and without --workers', async () => {
    const url = `redis://127.0.0.1:${await freePort()}/0`;
    for (const extra of [[], ['--workers', '2']]) {
      // Said once, not wrapped in itself.
      const line = await refusal(['--port', '0', '--store', url, ...extra]);
      expect(line.replace(/\(connect [^)]*\)/, '(…)')).toBe(
        `petstore-mock: cannot reach Redis at ${url} (…); start it or fix --store.`,
      );
    }
  });

  test('serves the shared state, sessions included, and names the store in its banner', async () => {
    const env = { PETSTORE_STORE: redis.url };
    const [one, two] = [
      await startWith(['--key-prefix', 'cli'], env),
      await startWith(['--key-prefix', 'cli'], env),
    ];
    expect(one.stdout()).toContain(`Store:   ${redis.url}, key prefix cli, 1 worker(s)`);
    expect(await cancel(one.baseUrl)).toBe(204);
    expect(await cancel(two.baseUrl)).toBe(404);
    // Sessions are shared too: session s starts from the seed, and its cancel is seen through the other.
    expect(await cancel(two.baseUrl, 's')).toBe(204);
    expect(await cancel(one.baseUrl, 's')).toBe(404);
    expect(await one.stop()).toBe(0);
  });

  test('--workers 2 serves one port from two processes on one shared state, and replaces a worker that dies', async () => {
    const { child, output, waitFor, workerPids, banner } = spawnWorkers('workers');
    const baseUrl = await banner();
    const statuses = await Promise.all(Array.from({ length: 100 }, () => cancel(baseUrl)));
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(99);
    // The primary's children: the two workers (tsx may add an esbuild service beside them).
    const children = execFileSync('ps', ['-o', 'args=', '--ppid', String(child.pid)], { encoding: 'utf8' });
    expect(children.split('\n').filter((args) => args.includes(CLI))).toHaveLength(2);
    expect(output().match(/listening on/g)).toHaveLength(1);

    // A worker that dies is replaced. (A connection node:cluster hands to it in the moment it dies is lost.)
    const [victim] = workerPids();
    process.kill(victim as number, 'SIGKILL');
    const replaced = () => {
      if (!output().includes(`worker ${victim} stopped (SIGKILL); starting another.`)) return false;
      const pids = workerPids();
      return pids.length === 2 && !pids.includes(victim as number);
    };
    await waitFor(replaced, 'the worker was not replaced');
    // New connections (the pooled ones died with the worker), bounded in time, all answered.
    const fresh = () =>
      new Promise<number>((resolve, reject) => {
        const url = `${baseUrl}/store/orders/${PENDING_ID}`;
        const headers = { authorization: 'Bearer petstore-dev-key' };
        request(
          url,
          { method: 'DELETE', agent: false, headers, signal: AbortSignal.timeout(5000) },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end();
      });
    // The worker killed may have been the only one listening (the other still starting): node:cluster then
    // refuses connections until a worker listens again.
    let lastAnswer = 'none yet';
    await waitFor(
      () =>
        fresh().then(
          (status) => {
            lastAnswer = `status ${status}`;
            return status === 404;
          },
          (error: Error) => {
            lastAnswer = `${error.name}: ${(error as { code?: string }).code ?? error.message}`;
            return false;
          },
        ),
      () => `no worker listened again (the last request: ${lastAnswer})`,
    );
    expect(await Promise.all(Array.from({ length: 10 }, fresh))).toEqual(Array(10).fill(404));

    child.kill('SIGTERM');
    expect((await once(child, 'exit'))[0]).toBe(0);
  }, 130_000);

  test('--workers 2 replaces a worker killed while it starts, rather than stopping the run', async () => {
    const { child, output, waitFor, workerPids, banner } = spawnWorkers('workers-start');
    // Killed as soon as it exists: starting a worker from source takes far longer than this.
    await waitFor(() => workerPids().length > 0, 'no worker');
    const [victim] = workerPids();
    process.kill(victim as number, 'SIGKILL');
    await waitFor(
      () => output().includes(`worker ${victim} stopped (SIGKILL); starting another.`),
      'not replaced',
    );
    const baseUrl = await banner();
    expect(await cancel(baseUrl)).toBe(204);
    child.kill('SIGTERM');
    expect((await once(child, 'exit'))[0]).toBe(0);
  }, 130_000);
});
