import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';
import { createTraceIds, parseTraceparent, traceparent } from './trace.ts';

const { serve, target } = serverPool();
const dir = tempDir('trace-');

/** A target that records every request's traceparent, answering like the reference target otherwise. */
async function recording(options: Parameters<typeof target>[0] = {}) {
  const seen: Array<{ method: string; url: string; traceparent: string | undefined; key: boolean }> = [];
  const upstream = await target(options);
  const origin = await serve(async (req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      traceparent: req.headers.traceparent as string | undefined,
      key: req.headers.authorization === `Bearer ${TARGET_KEY}`,
    });
    const answer = await fetch(`${new URL(upstream).origin}${req.url}`, {
      method: req.method,
      headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
  });
  return { baseUrl: `${origin}/v1`, seen };
}

describe('trace context', () => {
  it('writes and reads W3C traceparent values, refusing the invalid ones', () => {
    const ids = createTraceIds('c0ffee');
    const [trace, span] = [ids.trace(), ids.span()];
    expect(trace).toMatch(/^c0ffee[0-9a-f]{26}$/);
    expect(parseTraceparent(traceparent(trace, span))).toEqual({ traceId: trace, spanId: span });
    expect(parseTraceparent(`00-${'0'.repeat(32)}-${span}-01`)).toBeUndefined();
    expect(parseTraceparent(`ff-${trace}-${span}-01`)).toBeUndefined();
    expect(parseTraceparent(`00-${trace.toUpperCase()}-${span}-01`)).toBeUndefined();
    expect(parseTraceparent(`01-${trace}-${span}-01-future`)).toEqual({ traceId: trace, spanId: span });
  });

  it('never makes an all-zero id, even from a source of zeros first', () => {
    let calls = 0;
    const zerosThenOnes = (bytes: number) => Buffer.alloc(bytes, calls++ === 0 ? 0 : 1);
    expect(createTraceIds('', zerosThenOnes).trace()).toBe('01'.repeat(16));
  });

  it('sends a traceparent on every request, one fresh trace per check, each request its own span', async () => {
    const { baseUrl, seen } = await recording();
    const { code, stdout } = await runCli(['--base-url', baseUrl, '--trace-id-prefix', 'ab12'], {
      PETSTORE_API_KEY: TARGET_KEY,
    });
    expect(code).toBe(0);
    const parsed = seen.map((r) => parseTraceparent(r.traceparent));
    expect(parsed.every((p) => p?.traceId.startsWith('ab12'))).toBe(true);
    expect(new Set(parsed.map((p) => p?.spanId)).size).toBe(seen.length);
    // The three no-key probes of auth.missing-key share its trace; later checks start their own.
    const traces = new Set(parsed.map((p) => p?.traceId));
    expect(traces.size).toBeGreaterThan(5);
    expect(traces.size).toBeLessThan(seen.length);
    expect(stdout).not.toContain('traceparent');
  });

  it('prints the trace id of the failing request with every failure, and it is the one the server received', async () => {
    const { baseUrl, seen } = await recording({
      transform: (request, response) =>
        request.method === 'DELETE' && response.status === 404 ? { status: 204, headers: {} } : response,
    });
    const args = ['--base-url', baseUrl, '--reporter', 'pretty', '--reporter', 'json', '--output', dir.path];
    const { code, stdout } = await runCli(args, { PETSTORE_API_KEY: TARGET_KEY });
    expect(code).toBe(1);
    const failure =
      /FAIL must {3}orders\.cancel-absent — DELETE (\S+) → 204[^\n]*\n(?:[^\n]*\n)*? {7}Trace id: ([0-9a-f]{32})\n/.exec(
        stdout,
      );
    const [, path, printed] = failure ?? [];
    expect(printed).toBeDefined();
    // The same absent id is also sent without a key (auth.missing-key): the failure names the keyed one.
    const cancels = seen.filter((r) => r.method === 'DELETE' && r.url === `/v1${path}`);
    const cancel = cancels.find((r) => parseTraceparent(r.traceparent)?.traceId === printed);
    expect(cancels.length).toBeGreaterThan(0);
    expect(cancel?.key).toBe(true);
    const json = JSON.parse(await readFile(join(dir.path, 'conformance.json'), 'utf8'));
    const failed = json.checks.find((c: { id: string }) => c.id === 'orders.cancel-absent');
    expect(failed.traceIds).toEqual([printed]);
  });

  it('gives every generated request of an exploration its own trace', async () => {
    const { baseUrl, seen } = await recording();
    const args = ['--base-url', baseUrl, '--explore', '--seed', '3', '--max-requests', '20'];
    expect((await runCli(args, { PETSTORE_API_KEY: TARGET_KEY })).code).toBe(0);
    const traces = seen.map((r) => parseTraceparent(r.traceparent)?.traceId);
    expect(traces.every((t) => t !== undefined)).toBe(true);
    expect(new Set(traces).size).toBe(seen.length);
  });

  it.each([
    [['--trace-id-prefix', 'XYZ'], /--trace-id-prefix takes lower-case hex digits/],
    [['--trace-id-prefix', 'a'.repeat(25)], /at most 24 hex digits/],
    [['--header', 'traceparent: 00-x'], /--header cannot set traceparent: the suite sets it/],
  ])('exits 2 on %j', async (args, message) => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:9/v1', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
