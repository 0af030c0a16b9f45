import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { gradeMain } from '../har/cli.ts';
import type { Listening } from '../test-support/listen.ts';
import { startTarget, TARGET_KEY, type TargetOptions } from '../test-support/target.ts';
import { proxyMain } from './cli.ts';
import { send } from './test-support/tap.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Spawned {
  child: ChildProcess;
  url: string;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** Starts `petstore-conformance proxy` as a process on a free port; it is killed after the test whatever happens. */
async function spawnProxy(args: string[]): Promise<Spawned> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'conformance/cli.ts', 'proxy', '--port', '0', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
      const found = /proxy: (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(stderr)?.[1];
      if (found) resolve(found);
    });
    void exited.then(() => reject(new Error(`the proxy exited early:\n${stderr}`)));
  });
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

async function target(options: TargetOptions = {}): Promise<Listening & { baseUrl: string }> {
  const server = await startTarget(options);
  cleanup.push(() => server.close());
  return server;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const badOrder: TargetOptions = { orders: [{ id: '1', status: 'pending', fields: '"quantity":"two"' }] };
const reports = (dir: string) => [
  ...'--reporter pretty --reporter json --reporter junit'.split(' '),
  '--output',
  dir,
];

describe('petstore-conformance proxy as a process', () => {
  it('on SIGTERM writes the reports, prints the summary and exits 1 after a must violation', async () => {
    const [upstream, dir] = [await target(badOrder), await tempDir()];
    const proxy = await spawnProxy(['--upstream', upstream.baseUrl, ...reports(dir)]);
    const got = await send(`${proxy.url}/v1/store/orders`, 'GET', ['Authorization', `Bearer ${TARGET_KEY}`]);
    expect(got.status).toBe(200);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(1);
    const { stdout, stderr } = proxy.output();
    expect(stdout).toMatch(
      /FAIL must {3}orders\.list \(listOrders\) — GET \/store\/orders → 200: \/0\/quantity must be integer/,
    );
    expect(stdout).toContain(
      `Reproduce with: curl -i '${upstream.baseUrl}/store/orders' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
    );
    expect(stdout).toMatch(/Result: FAIL \(exit 1\)/);
    const json = JSON.parse(await readFile(join(dir, 'conformance.json'), 'utf8'));
    expect(json).toMatchObject({ mode: 'proxy', exchanges: 1, summary: { exitCode: 1 } });
    const junit = await readFile(join(dir, 'conformance.junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="petstore-conformance must" tests="\d+" failures="1"/);
    expect(`${stdout}${stderr}${JSON.stringify(json)}${junit}`).not.toContain(TARGET_KEY);
  });

  it('on SIGINT exits 0 when no must rule was broken; --har holds every exchange, redacted and gradable', async () => {
    const [upstream, dir] = [await target(), await tempDir()];
    const har = join(dir, 'traffic.har');
    const proxy = await spawnProxy(['--upstream', upstream.baseUrl, ...reports(dir), '--har', har]);
    await send(`${proxy.url}/v1/store/orders`, 'GET', ['Authorization', `Bearer ${TARGET_KEY}`]);
    await send(`${proxy.url}/v1/store/orders/1`, 'DELETE', ['Authorization', `bearer ${TARGET_KEY}`]);
    proxy.child.kill('SIGINT');
    const exitCode = await proxy.exited;
    expect(exitCode, JSON.stringify(proxy.output())).toBe(0);
    expect(proxy.output().stdout).toMatch(/2 exchange\(s\) forwarded, 2 graded/);
    const junit = await readFile(join(dir, 'conformance.junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="petstore-conformance must" tests="\d+" failures="0"/);
    const text = await readFile(har, 'utf8');
    expect(text).not.toContain(TARGET_KEY);
    const entries = JSON.parse(text).log.entries;
    expect(
      entries.map(
        (e: { request: { method: string; url: string } }) => `${e.request.method} ${e.request.url}`,
      ),
    ).toEqual([`GET ${upstream.baseUrl}/store/orders`, `DELETE ${upstream.baseUrl}/store/orders/1`]);
    expect(entries[0].response.content.text).toMatch(/^\[/);
    expect(entries[1].request.headers).toContainEqual({ name: 'authorization', value: 'bearer [REDACTED]' });
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
    expect(await gradeMain(['--har', har, '--base-url', upstream.baseUrl], io)).toBe(0);
  });

  it.each([
    [[], /--upstream \(or PETSTORE_UPSTREAM\) is required/],
    [['--upstream', 'http://user:pw@api.test/v1'], /must not carry credentials/],
    [['--upstream', 'ftp://api.test/v1'], /must be http or https/],
    [['--upstream', 'http://api.test/v1', '--port', 'x'], /--port must be a whole number/],
    [['--upstream', 'http://api.test/v1', '--reporter', 'json', '--reporter', 'junit'], /only one report/],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const errors: string[] = [];
    const io = { stdout: () => {}, stderr: (t: string) => errors.push(t) };
    const never = { on: () => undefined };
    expect(await proxyMain(args as string[], {}, io, never)).toBe(2);
    expect(errors.join('')).toMatch(message as RegExp);
    expect(errors.join('')).not.toContain('pw');
  });

  it('exits 2 with one line when the port is taken', async () => {
    const upstream = await target();
    const taken = new URL(upstream.url).port;
    const errors: string[] = [];
    const io = { stdout: () => {}, stderr: (t: string) => errors.push(t) };
    const args = ['--upstream', upstream.baseUrl, '--port', taken];
    expect(await proxyMain(args, {}, io, { on: () => undefined })).toBe(2);
    expect(errors.join('')).toMatch(/^petstore-conformance proxy: listen EADDRINUSE.*\n/);
    expect(errors.join('')).not.toContain('internal error');
  });

  it("names the proxy subcommand in the suite's help", async () => {
    const out: string[] = [];
    await main(['--help'], {}, { stdout: (t) => out.push(t), stderr: () => {} });
    expect(out.join('')).toContain('petstore-conformance proxy');
  });
});
