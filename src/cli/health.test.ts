import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { listOrders, run, runToEnd, start, startWith } from '../test-support/cli-run.ts';
import { freePort, redisServerInstalled, startRedisServer } from '../test-support/redis-server.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('petstore-mock health', () => {
  test('exits 0 against a ready mock and names its version', async () => {
    const mock = await start();
    const health = await runToEnd(['health', '--url', mock.baseUrl]);
    expect(health.code).toBe(0);
    expect(health.stdout).toContain(`ready: petstore-mock ${packageJson.version} at ${mock.url}`);
  });

  test('finds the mock through PORT and HOST as the mock reads them, asking loopback for 0.0.0.0', async () => {
    const mock = await start();
    const port = new URL(mock.url).port;
    expect((await runToEnd(['health'], { PORT: port, HOST: '0.0.0.0' })).code).toBe(0);
  });

  test('exits 1 with one line when nothing answers', async () => {
    const health = await runToEnd(['health', '--url', `http://127.0.0.1:${await freePort()}`]);
    expect(health.code).toBe(1);
    expect(health.stderr).toMatch(
      /^not ready: no answer from http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\)\n$/,
    );
  });

  test('exits 2 with one line on a bad --url', async () => {
    const health = await runToEnd(['health', '--url', 'ftp://mock']);
    expect(health.code).toBe(2);
    expect(health.stderr).toMatch(/^petstore-mock: --url must be http:\/\/, not .ftp:\/\/mock.\.\n$/);
  });
});

describe('starting and stopping', () => {
  test('while the seed loads the port answers 503 (health exits 1), and serves once it is loaded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-health-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    // A fixtures file nobody has written yet: reading it waits until the test writes it.
    const fixtures = join(dir, 'orders.json');
    execFileSync('mkfifo', [fixtures]);
    const port = await freePort();
    const mock = run(['--port', String(port), '--fixtures', fixtures]);
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${url}/__health`).catch(() => undefined))?.status).toBe(503);
    const starting = await fetch(`${url}/__health`);
    expect(await starting.json()).toMatchObject({
      status: 'ok',
      ready: false,
      reason: 'its seed is loading',
    });
    const list = await listOrders(`${url}/v1`);
    expect([list.status, list.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await list.json()).toMatchObject({ code: 'NOT_READY' });
    expect((await runToEnd(['health', '--url', url])).code).toBe(1);

    await writeFile(fixtures, await readFile(new URL('../../fixtures/orders.json', import.meta.url)));
    await expect.poll(mock.stdout).toContain('listening on');
    expect((await runToEnd(['health', '--url', url])).code).toBe(0);
    expect((await listOrders(`${url}/v1`)).status).toBe(200);
  });

  test('SIGTERM lets the answer in flight finish, then exits 0', async () => {
    const mock = await start('--latency', '400ms');
    const inFlight = listOrders(mock.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = mock.stop('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await stopped).toBe(0);
  });

  test('health checks stay out of the request log', async () => {
    const mock = await start();
    await fetch(`${mock.url}/__health`);
    await listOrders(mock.baseUrl);
    await expect.poll(mock.stdout).toMatch(/GET \/v1\/store\/orders 200/);
    expect(mock.stdout()).not.toContain('/__health');
  });
});

describe.skipIf(!redisServerInstalled())('with a shared store', () => {
  test('health says not ready while Redis is unreachable, and ready again once it is back', async () => {
    const redis = await startRedisServer();
    cleanup.push(() => redis.stop());
    const mock = await startWith(['--store', redis.url], {});
    expect((await runToEnd(['health', '--url', mock.url])).code).toBe(0);
    redis.pause();
    const away = await runToEnd(['health', '--url', mock.url]);
    expect(away.code).toBe(1);
    expect(away.stderr).toContain(
      `answered 503 (the shared store (Redis at redis://127.0.0.1:${redis.port}/0) is unreachable)`,
    );
    redis.resume();
    await expect.poll(async () => (await runToEnd(['health', '--url', mock.url])).code).toBe(0);
  });
});
