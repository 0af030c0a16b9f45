import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw/index.ts';
import { startServer } from '../../src/node/index.ts';
import { main } from '../cli/main.ts';
import { collectConformance } from '../index.ts';

// The project's own mock, explored through the CLI: seed 1 passes, and the seed is printed at the start.

const API_KEY = 'explore-key';
let mock: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  mock = await startServer({ port: 0, host: '127.0.0.1', apiKeys: [API_KEY] });
});
afterAll(async () => {
  await mock.close();
});

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    { PETSTORE_API_KEY: API_KEY },
    { stdout: (t) => out.push(t), stderr: (t) => err.push(t) },
  );
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('exploring the project mock', () => {
  it('passes with --explore --seed 1 (exit 0), 500 requests, the seed printed first', async () => {
    const { code, stdout } = await cli(['--base-url', mock.baseUrl, '--explore', '--seed', '1']);
    expect(stdout, stdout).toMatch(/explore: seed 1, up to 500 requests/);
    expect(code, stdout).toBe(0);
    expect(stdout).not.toMatch(/WARN|FAIL/);
    expect(stdout).toMatch(/explore\.connection — 500 generated request\(s\), \d+ of them DELETEs/);
  });

  it('passes against the MSW handlers in-process too', async () => {
    const { handlers } = createHandlers({ baseUrl: 'http://mock.test/v1', apiKeys: [API_KEY] });
    const intercept = setupServer(...handlers);
    intercept.listen({ onUnhandledRequest: 'error' });
    try {
      const { results, summary } = await collectConformance({
        baseUrl: 'http://mock.test/v1',
        apiKey: API_KEY,
        explore: { seed: 1 },
      });
      expect(results.filter((r) => r.status !== 'passed').map((r) => r.message)).toEqual([]);
      expect(summary.exitCode).toBe(0);
    } finally {
      intercept.close();
    }
  });

  it('prints a random seed when none is given', async () => {
    const { stdout } = await cli(['--base-url', mock.baseUrl, '--explore', '--max-requests', '20']);
    expect(stdout).toMatch(/explore: seed \d+, up to 20 requests/);
  });

  it('lists the exploration checks with --list', async () => {
    const { stdout } = await cli(['--list']);
    expect(stdout).toMatch(
      /explore\.server-error +must +No generated request gets a 5xx[^\n]*\n.*\n +with --explore/,
    );
  });

  it('refuses exploration companions without --explore, and --allow-writes without ids', async () => {
    expect((await cli(['--base-url', mock.baseUrl, '--seed', '1'])).stderr).toMatch(/--seed needs --explore/);
    const writes = await cli(['--base-url', mock.baseUrl, '--explore', '--allow-writes']);
    expect(writes.code).toBe(2);
    expect(writes.stderr).toMatch(/--allow-writes needs the orders it may write to/);
  });
});
