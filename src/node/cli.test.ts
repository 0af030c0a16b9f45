import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

const CLI = new URL('./cli.ts', import.meta.url).pathname;
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

interface Started {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  readonly output: () => string;
}

function run(args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return child;
}

/** Starts the CLI on a free port and waits for the line that says where it listens. */
async function start(...args: string[]): Promise<Started> {
  const child = run(['--port', '0', ...args]);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in: ${output}`)), 15_000);
    child.stdout?.on('data', () => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, baseUrl, output: () => output };
}

/** Runs the CLI to its end and returns its exit code and what it printed on stderr. */
async function fail(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = run(args);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code] = await once(child, 'exit');
  return { code, stderr };
}

const list = async (baseUrl: string, key = 'petstore-dev-key') =>
  fetch(`${baseUrl}/store/orders`, { headers: { authorization: `Bearer ${key}` } });

describe('petstore-mock', () => {
  test('prints the base URL, the development key and a curl line, then logs each request without the key', async () => {
    const { baseUrl, output, child } = await start();
    expect(output()).toContain('petstore-dev-key');
    expect(output()).toContain(`curl -H "Authorization: Bearer petstore-dev-key" ${baseUrl}/store/orders`);
    expect((await list(baseUrl)).status).toBe(200);
    expect((await list(baseUrl, 'a-secret-someone-mistyped')).status).toBe(401);
    await expect
      .poll(output)
      .toMatch(/GET \/v1\/store\/orders 200 [\d.]+ms\nGET \/v1\/store\/orders 401 [\d.]+ms/);
    expect(output()).not.toContain('a-secret-someone-mistyped');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output()).toContain('Stopped (SIGTERM).');
  });

  test('accepts only the keys given with --api-key, and logs JSON lines when asked', async () => {
    const { baseUrl, output } = await start('--api-key', 'one', '--api-key', 'two', '--log-format', 'json');
    expect((await list(baseUrl, 'two')).status).toBe(200);
    expect((await list(baseUrl)).status).toBe(401);
    await expect.poll(() => output().trim().split('\n').length).toBeGreaterThanOrEqual(3);
    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ event: 'listening', baseUrl });
    expect(lines.slice(1).map((line) => line.status)).toEqual([200, 401]);
    expect(output()).not.toMatch(/authorization/i);
  });

  test('generates byte-identical orders for the same --seed', async () => {
    const bodies = [];
    for (const seed of ['3', '3', '4']) {
      const { baseUrl } = await start('--seed', seed, '--orders', '40', '--quiet');
      bodies.push(await (await list(baseUrl)).text());
    }
    expect(JSON.parse(bodies[0] ?? '')).toHaveLength(40);
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).not.toBe(bodies[0]);
  });

  test('loads --fixtures with ids beyond 2^53 given as strings', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-'));
    const file = join(dir, 'orders.json');
    await writeFile(
      file,
      JSON.stringify([{ id: '9223372036854775807', petId: 1, quantity: 2, status: 'shipped' }]),
    );
    const { baseUrl } = await start('--fixtures', file, '--quiet');
    expect(await (await list(baseUrl)).text()).toContain('"id":9223372036854775807,');
  });

  test('answers 410 on the pet lookup after a --pets-sunset in the past, and can leave the admin API out', async () => {
    const { baseUrl } = await start('--pets-sunset', '2026-08-01T00:00:00Z', '--no-admin', '--quiet');
    const pet = await fetch(`${baseUrl}/pets/1`, { headers: { authorization: 'Bearer petstore-dev-key' } });
    expect(pet.status).toBe(410);
    expect((await fetch(`${baseUrl.replace('/v1', '')}/__mock/orders`)).status).toBe(401);
  });

  test('exits with code 2 and one line for a bad option', async () => {
    for (const args of [
      ['--port', 'abc'],
      ['--nope'],
      ['--log-format', 'xml'],
      ['--pets-sunset', 'soon'],
      ['stop'],
    ]) {
      const { code, stderr } = await fail(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  test('exits with code 2 and one line when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    const { code, stderr } = await fail('--port', String(port));
    blocker.close();
    expect(code).toBe(2);
    expect(stderr).toMatch(/^petstore-mock: Port already in use: .*--port\.\n$/);
  });
});
