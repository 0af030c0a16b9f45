import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { start } from '../test-support/cli-run.ts';

// A slow leg (a few spawned processes and 10,000-order writes): `npm run test:slow`.

const CLI = new URL('./cli.ts', import.meta.url).pathname;
const DEV = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' };
let dir: string;
let file: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'state-crash-'));
  file = join(dir, 'state.json');
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const send = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: DEV,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const stateOf = async (url: string) => (await send(url, 'GET', '/__mock/state')).json();

/** `petstore-mock --state-file FILE` as a process of its own (so it can be killed), once it serves. */
async function spawnMock() {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--state-file', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  for (let waited = 0; waited < 400; waited++) {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
    if (url) return { child, exited, url };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no banner: ${output}`);
}

describe('--state-file', () => {
  test('kill -9 in the middle of writes leaves a file the next start loads', async () => {
    // A first run saves 10,000 orders: each write is then long enough to be cut.
    const first = await start('--state-file', file);
    await send(first.url, 'POST', '/__mock/presets/large');
    await first.stop();
    // Each round kills the mock while cancels keep its writer busy (a write of the whole state every 100 ms).
    for (let round = 0; round < 3; round++) {
      const { child, exited, url: base } = await spawnMock();
      const busy = Array.from({ length: 200 }, (_, i) =>
        send(base, 'DELETE', `/v1/store/orders/${round * 600 + i * 3 + 1}`),
      );
      await new Promise((resolve) => setTimeout(resolve, 120 + round * 70));
      child.kill('SIGKILL');
      await Promise.allSettled(busy);
      await exited;
    }
    const restarted = await start('--state-file', file);
    expect((await stateOf(restarted.url)).orders).toHaveLength(10_000);
    await restarted.stop();
  }, 60_000);

  test('Ctrl+C in the middle of writes ends the mock with exit 0 and every change saved', async () => {
    const first = await start('--state-file', file);
    await send(first.url, 'POST', '/__mock/presets/large');
    await first.stop();
    const { child, exited, url: base } = await spawnMock();
    for (let i = 0; i < 20; i++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          send(base, 'DELETE', `/v1/store/orders/${(i * 10 + j) * 3 + 1}`),
        ),
      );
    }
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const restarted = await start('--state-file', file);
    const cancelled = (await stateOf(restarted.url)).orders.filter(
      (order: { status: string }) => order.status === 'cancelled',
    );
    expect(cancelled).toHaveLength(200);
    await restarted.stop();
  }, 60_000);
});
