import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { createTarget, TARGET_KEY } from '../test-support/target.ts';

// A run is bounded in time whatever the server does (docs/conformance.md, "Time bounds").

const { serve } = serverPool();

describe('time bounds', () => {
  it('ends with exit 2 and a clear line against a server that never stops answering 429', async () => {
    const url = await serve((_req, res) => res.writeHead(429, { 'retry-after': '1' }).end());
    const { code, stderr, ms } = await runCli([
      '--base-url',
      `${url}/v1`,
      '--api-key',
      'k',
      '--max-time',
      '2',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/429/);
    expect(ms).toBeLessThan(4000);
  });

  it('ends within --max-time against a server that answers every request after 1.5 s, checks left not run', async () => {
    const target = createTarget();
    const url = await serve((req, res) => {
      const path = (req.url ?? '/').replace(/^\/v1/, '');
      const answer = target({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
      setTimeout(() => res.writeHead(answer.status, answer.headers).end(answer.body), 1500);
    });
    const { code, stdout, stderr, ms } = await runCli([
      '--base-url',
      `${url}/v1`,
      '--api-key',
      TARGET_KEY,
      '--max-time',
      '3',
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/time budget of 3 s \(--max-time\) ran out: \d+ check\(s\) not run/);
    expect(stdout).toMatch(/SKIP must {3}\S+ — not run: the run's time budget/);
    expect(stdout).toMatch(/Result: ERROR \(exit 2\)/);
    expect(ms).toBeLessThan(5000);
  });

  it.each([
    [['--retries', '1.5'], /retries must be an integer from 0 to 10/],
    [['--retries', '1000'], /retries must be an integer from 0 to 10/],
    [['--timeout', '1e12'], /timeout must be a number above 0 and at most 600000/],
    [['--max-time', '0'], /max time must be a number above 0/],
  ])('refuses %j at parse time with exit 2', async (args, message) => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9/v1', ...(args as string[])]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message as RegExp);
  });
});
