import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { loadSpec } from '../contract/spec.ts';
import type { HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { collectConformance } from '../index.ts';
import { resolveOptions } from '../run/options.ts';
import { serverPool } from '../test-support/pool.ts';
import { createTarget, TARGET_KEY, targetFetch } from '../test-support/target.ts';
import { runExploration } from './explore.ts';

const pool = serverPool();
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

/** The reference target, except a 500 for any id with a leading zero. */
async function leadingZeroBug(): Promise<string> {
  const target = createTarget();
  const origin = await pool.serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://t');
    if (/\/0[0-9][^/]*$/.test(url.pathname)) return res.writeHead(500).end('oops');
    const path = url.pathname.replace(/^\/v1/, '');
    const answer = target({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  return `${origin}/v1`;
}

describe('exploration findings in every report', () => {
  it('pretty, JSON and JUnit carry the seed, the shrunk request and a curl line without the key', async () => {
    const output = await mkdtemp(join(tmpdir(), 'explore-reports-'));
    folders.push(output);
    const out: string[] = [];
    const args = ['--base-url', await leadingZeroBug(), '--explore', '--seed', '3', '--max-requests', '200'];
    args.push('--header', 'X-Mock-Session: ci-42');
    const reporters = [
      ...['pretty', 'json', 'junit'].flatMap((name) => ['--reporter', name]),
      '--output',
      output,
    ];
    const code = await main(
      [...args, ...reporters],
      { PETSTORE_API_KEY: TARGET_KEY },
      {
        stdout: (t) => out.push(t),
        stderr: () => {},
      },
    );
    const pretty = out.join('');
    const json = await readFile(join(output, 'conformance.json'), 'utf8');
    const junit = await readFile(join(output, 'conformance.junit.xml'), 'utf8');
    expect(code).toBe(1);
    expect(pretty.indexOf('explore: seed 3, up to 200 requests')).toBeLessThan(pretty.indexOf('[ 1/10]'));
    expect(pretty).toMatch(/FAIL must {3}explore\.server-error — \S+ \/\S+\/0[0-9]+ → 500/);
    expect(JSON.parse(json).explore).toEqual({ seed: 3, maxRequests: 200, allowWrites: false });
    for (const report of [pretty, json, junit]) {
      expect(report).toMatch(/petstore-conformance --explore --seed 3 --max-requests 200/);
      expect(report).toMatch(/; reproduce with: curl -i .* -H 'x-mock-session: ci-42'/);
      expect(report).not.toContain(TARGET_KEY);
    }
    expect(junit).toMatch(/<failure message="[^"]*explore --seed 3/);
  });
});

describe('the exploration budget', () => {
  const spec = loadSpec();
  const options = resolveOptions({ baseUrl: 'http://api.test/v1', apiKey: 'k', explore: { seed: 9 } });
  const settings = { seed: 9, maxRequests: 500, allowWrites: false };

  /** A client answering every request with a correct 404, on a clock that advances 10 ms per request. */
  function fakeClient() {
    let clock = 0;
    let sent = 0;
    const client: HttpClient = {
      async send(request) {
        clock += 10;
        sent++;
        const body = '{"code":"NOT_FOUND","message":"no","status":404}';
        const response = {
          status: 404,
          headers: { 'content-type': 'application/json' },
          body,
          bodyBytes: body.length,
          truncated: false,
        };
        return {
          seq: sent,
          startedAt: 0,
          source: 'upstream',
          request: { ...request, url: `http://api.test/v1${request.path}`, headers: {} },
          response,
          durationMs: 0,
          attempts: 1,
        } as Exchange;
      },
    };
    return { client, now: () => clock, sent: () => sent };
  }

  it('stops sending at the deadline and says so', async () => {
    const fake = fakeClient();
    const results = await runExploration(
      { options, spec, client: fake.client, listedIds: async () => ['1'], now: fake.now, deadline: 200 },
      settings,
    );
    expect(fake.sent()).toBe(20);
    expect(results[0]?.message).toMatch(/stopped by the time limit after 20 requests/);
  });

  it('stops at --max-time without judging the request the deadline cut (a clock that moves)', async () => {
    let time = 0;
    const clock = { now: () => (time += 5), sleep: async () => {}, random: () => 0.5 };
    const { results, summary } = await collectConformance({
      baseUrl: 'http://target.test/v1',
      apiKey: TARGET_KEY,
      fetch: targetFetch(createTarget()),
      maxTimeSeconds: 1,
      clock,
      explore: { seed: 2 },
    });
    expect(results[0]?.message).toMatch(/stopped by the time limit after \d+ requests/);
    expect(results.filter((r) => r.status === 'failed')).toEqual([]);
    expect(summary.exitCode).toBe(0);
  });

  it('sends at most --max-requests', async () => {
    const fake = fakeClient();
    await runExploration(
      { options, spec, client: fake.client, listedIds: async () => ['1'], now: fake.now },
      {
        ...settings,
        maxRequests: 37,
      },
    );
    expect(fake.sent()).toBe(37);
  });
});
