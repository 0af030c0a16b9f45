import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { listOrders, runToEnd, start, startWith } from '../test-support/cli-run.ts';

describe('petstore-mock', () => {
  test('prints the base URL, the development key and a curl line, then logs each request without the key', async () => {
    const mock = await start();
    expect(mock.stdout()).toContain('petstore-dev-key');
    expect(mock.stdout()).toContain(
      `curl -H "Authorization: Bearer petstore-dev-key" ${mock.baseUrl}/store/orders`,
    );
    expect((await listOrders(mock.baseUrl)).status).toBe(200);
    expect((await listOrders(mock.baseUrl, 'a-secret-someone-mistyped')).status).toBe(401);
    await expect
      .poll(mock.stdout)
      .toMatch(/GET \/v1\/store\/orders 200 [\d.]+ms\nGET \/v1\/store\/orders 401 [\d.]+ms/);
    expect(mock.stdout()).not.toContain('a-secret-someone-mistyped');
    expect(await mock.stop('SIGTERM')).toBe(0);
    expect(mock.stdout()).toContain('Stopped (SIGTERM).');
  });

  test('accepts only the keys given with --api-key, and its JSON log names how many keys, never a key', async () => {
    const mock = await start(
      '--api-key',
      'key-one-7f3a',
      '--api-key',
      'key-two-9c1b',
      '--log-format',
      'json',
    );
    expect((await listOrders(mock.baseUrl, 'key-two-9c1b')).status).toBe(200);
    expect((await listOrders(mock.baseUrl)).status).toBe(401);
    await expect.poll(() => mock.stdout().trim().split('\n').length).toBeGreaterThanOrEqual(3);
    const lines = mock
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ event: 'listening', baseUrl: mock.baseUrl, apiKeyCount: 2 });
    expect(lines.slice(1).map((line) => line.status)).toEqual([200, 401]);
    expect(mock.stdout()).not.toMatch(/authorization|key-one-7f3a|key-two-9c1b/i);
  });

  test('never logs a key that appears in a path or a query, in any encoding', async () => {
    const key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
    for (const format of ['pretty', 'json']) {
      const mock = await start('--api-key', key, '--log-format', format);
      const escaped = key.replace('s', '%73').replace('_', '%5f');
      for (const path of [`/store/orders/${key}`, `/store/orders/${escaped}`, `/store/orders?key=${key}`]) {
        await fetch(`${mock.baseUrl}${path}`, { method: path.includes('?') ? 'GET' : 'DELETE' });
      }
      await expect.poll(() => mock.stdout().match(/ 401 |"status":401/g)?.length ?? 0).toBe(3);
      expect(mock.stdout()).toContain('/v1/store/orders/[redacted]');
      expect(mock.stdout()).not.toMatch(/sk_live|%73k/);
      await mock.stop();
    }
  });

  test('does not print a key it was given in the readable banner either', async () => {
    const mock = await startWith([], { PETSTORE_API_KEY: 'from-the-environment-5d2e' });
    expect(mock.stdout()).toContain('the key you gave (not printed)');
    expect(mock.stdout()).not.toContain('from-the-environment-5d2e');
  });

  test('generates byte-identical orders for the same --seed', async () => {
    const bodies = [];
    for (const seed of ['3', '3', '4']) {
      const mock = await start('--seed', seed, '--orders', '40', '--quiet');
      bodies.push(await (await listOrders(mock.baseUrl)).text());
      await mock.stop();
    }
    expect(JSON.parse(bodies[0] ?? '')).toHaveLength(40);
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).not.toBe(bodies[0]);
  });

  test('answers 410 on the pet lookup after a --pets-sunset in the past, and can leave the admin API out', async () => {
    const mock = await start('--pets-sunset', '2026-08-01T00:00:00Z', '--no-admin', '--quiet');
    const pet = await fetch(`${mock.baseUrl}/pets/1`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    });
    expect(pet.status).toBe(410);
    // Turned off, and said so: a 404, not a 401 asking for a key that would not help.
    expect((await fetch(`${mock.url}/__mock/orders`)).status).toBe(404);
  });

  test('--version prints the package version; --help lists the environment variables', async () => {
    expect(await runToEnd(['--version'])).toEqual({
      code: 0,
      stdout: `${packageJson.version}\n`,
      stderr: '',
    });
    const help = await runToEnd(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['PORT', 'HOST', 'PETSTORE_API_KEY', '--version', '--watch']) {
      expect(help.stdout).toContain(name);
    }
  });

  test('exits with code 2 and one line when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    const { code, stderr } = await runToEnd(['--port', String(port)]);
    blocker.close();
    expect(code).toBe(2);
    expect(stderr).toMatch(/^petstore-mock: Port already in use: .*--port or PORT\.\n$/);
  });
});

describe('the petstore-mock bin', () => {
  const CLI = new URL('./cli.ts', import.meta.url).pathname;

  async function spawnBanner(): Promise<{ child: ChildProcess; output: () => string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    await expect.poll(() => output, { timeout: 15_000 }).toContain('Stop:    Ctrl+C');
    return { child, output: () => output };
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`prints its banner at once and stops cleanly on ${signal}`, async () => {
      const { child, output } = await spawnBanner();
      try {
        expect(output()).toMatch(/^Petstore mock listening on http:\/\/127\.0\.0\.1:\d+\/v1\n/);
        child.kill(signal);
        const [code] = await once(child, 'exit');
        expect(code).toBe(0);
        expect(output()).toContain(`Stopped (${signal}).`);
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});
