import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTarget } from '../test-support/target.ts';
import { proxyMain } from './cli.ts';

let dir: string;
const cleanup: Array<() => Promise<unknown>> = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'proxy-config-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The proxy in-process in `dir` until its stop signal; what it printed and its exit code. */
async function proxy(args: string[], env: Record<string, string> = {}) {
  let signal: (() => void) | undefined;
  let output = '';
  const write = (text: string) => {
    output += text;
  };
  const exit = proxyMain(
    args,
    env,
    { stdout: write, stderr: write, cwd: dir },
    {
      on: (_name, listener) => {
        signal ??= listener;
      },
    },
  );
  const ended = exit.then(() => undefined);
  for (let i = 0; i < 200 && !/proxy: http:\/\/\S+\/v1/.test(output); i++) {
    if (await Promise.race([ended.then(() => true), new Promise((r) => setTimeout(r, 10, false))])) break;
  }
  return {
    output: () => output,
    stop: async () => {
      signal?.();
      return exit;
    },
    exit,
  };
}

describe('petstore-conformance proxy with a config file', () => {
  it('reads its upstream and port from the "proxy" section; a flag and a variable win over it', async () => {
    const upstream = await startTarget();
    cleanup.push(() => upstream.close());
    await writeFile(
      join(dir, 'petstore-mock.config.yaml'),
      `proxy:\n  upstream: ${upstream.url}/v1\n  port: 0\n  reporter: [pretty]\n`,
    );
    const running = await proxy([]);
    expect(running.output()).toMatch(/proxy: http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(running.output()).toContain(`${upstream.url}/v1`);
    expect(await running.stop()).toBe(0);
    const overridden = await proxy([], { PETSTORE_UPSTREAM: 'ftp://nowhere.example/v1' });
    expect(await overridden.exit).toBe(2);
    expect(overridden.output()).toMatch(/^petstore-conformance proxy: the upstream .*\n/);
    const flagged = await proxy(['--upstream', 'ftp://nowhere.example/v1']);
    expect(await flagged.exit).toBe(2);
  });

  it('refuses an unknown key in one line naming the file and the closest valid key', async () => {
    await writeFile(
      join(dir, 'petstore-mock.config.json'),
      JSON.stringify({ proxy: { upstrem: 'http://x/v1' } }),
    );
    const running = await proxy([]);
    expect(await running.exit).toBe(2);
    expect(running.output().split('\n')[0]).toBe(
      'petstore-conformance proxy: petstore-mock.config.json: unknown key "proxy.upstrem"; the closest valid key is "proxy.upstream".',
    );
  });
});
