import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTraceIds, parseTraceparent, traceparent } from '../http/trace.ts';
import { tempDir } from '../test-support/cli.ts';
import { type Listening, listen } from '../test-support/listen.ts';
import { createTarget, TARGET_KEY } from '../test-support/target.ts';
import { proxyMain } from './cli.ts';
import type { ProxyReport } from './report.ts';
import { send } from './test-support/tap.ts';

// The proxy in front of a scripted client: its coverage is that of the live traffic, and the client's own
// trace context reaches the upstream unchanged.

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
const dir = tempDir('proxy-coverage-');
const key = ['Authorization', `Bearer ${TARGET_KEY}`];

/** An upstream like the reference target that records each request's traceparent. */
async function upstream(): Promise<Listening & { baseUrl: string; traceparents: Array<string | undefined> }> {
  const target = createTarget();
  const traceparents: Array<string | undefined> = [];
  const server = await listen((req, res) => {
    traceparents.push(req.headers.traceparent as string | undefined);
    const answer = target({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').replace(/^\/v1/, ''),
      authorization: req.headers.authorization,
    });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  running.push(server);
  return { ...server, baseUrl: `${server.url}/v1`, traceparents };
}

/** `petstore-conformance proxy` in-process until stop() sends it the signal; returns its output and code. */
async function proxy(args: string[], env: Record<string, string> = {}) {
  let signal: (() => void) | undefined;
  let output = '';
  const write = (text: string) => {
    output += text;
  };
  const io = { stdout: write, stderr: write };
  const exit = proxyMain(['--port', '0', ...args], env, io, {
    once: (_name, listener) => {
      signal ??= listener;
    },
  });
  for (let i = 0; i < 200 && !/proxy: http:\/\/\S+\/v1/.test(output); i++)
    await new Promise((r) => setTimeout(r, 10));
  const base = /proxy: (http:\/\/\S+\/v1)/.exec(output)?.[1] ?? '';
  return {
    base,
    origin: new URL(base).origin,
    stop: async () => {
      signal?.();
      return { code: await exit, output };
    },
  };
}

describe('the proxy’s coverage of live traffic', () => {
  it('reports exactly the (operation, status) pairs the client produced, on its report endpoint and in its files', async () => {
    const up = await upstream();
    const running = await proxy([
      '--upstream',
      up.baseUrl,
      '--reporter',
      'json',
      '--reporter',
      'markdown',
      '--output',
      dir.path,
    ]);
    await send(`${running.base}/store/orders`, 'GET', key);
    await send(`${running.base}/store/orders`, 'GET', key);
    await send(`${running.base}/store/orders`, 'GET');
    await send(`${running.base}/store/orders/99`, 'DELETE', key);
    await send(`${running.base}/store/orders`, 'PATCH', key);
    const live = JSON.parse(
      (await send(`${running.origin}/__conformance/report`, 'GET')).body.toString(),
    ) as ProxyReport;
    const seen = live.coverage.operations.flatMap((o) =>
      o.documented.filter((d) => d.seen > 0).map((d) => `${o.operationId} ${d.status} ×${d.seen}`),
    );
    expect(seen).toEqual(['listOrders 200 ×2', 'listOrders 401 ×1', 'cancelOrder 404 ×1']);
    expect(live.coverage).toMatchObject({ documented: 10, seen: 3, percent: 30 });
    expect(live.coverage.unseen).toContain('cancelOrder 409');
    const { code, output } = await running.stop();
    expect(code).toBe(0);
    expect(output).toMatch(/Coverage: 3 of 10 documented \(operation, status\) pairs seen \(30%\)/);
    const file = JSON.parse(await readFile(join(dir.path, 'conformance.json'), 'utf8')) as ProxyReport;
    expect(file.coverage.seen).toBe(3);
    expect(await readFile(join(dir.path, 'conformance.md'), 'utf8')).toMatch(
      /\| `cancelOrder` DELETE .* \| 409 \| \*\*never\*\* \|/,
    );
  });

  it('fails at stop under --min-coverage with one line naming what the traffic never produced', async () => {
    const up = await upstream();
    const running = await proxy([
      '--upstream',
      up.baseUrl,
      '--min-coverage',
      '50',
      '--reporter',
      'junit',
      '--output',
      dir.path,
    ]);
    await send(`${running.base}/store/orders`, 'GET', key);
    const { code, output } = await running.stop();
    expect(code).toBe(1);
    expect(output).toMatch(
      /Gate: coverage 10% \(1 of 10 documented operation\/status pairs\) is below --min-coverage 50: never seen listOrders 401, cancelOrder 204/,
    );
    const junit = await readFile(join(dir.path, 'conformance.junit.xml'), 'utf8');
    expect(junit).toContain('<property name="coverage.listOrders.200" value="1"/>');
    expect(junit).toMatch(
      /<testcase name="documented \(operation, status\) pairs seen: at least 50%"[^>]*>\n\s*<failure/,
    );
  });

  it('appends the Markdown summary of the traffic to GITHUB_STEP_SUMMARY on stop', async () => {
    const up = await upstream();
    const file = join(dir.path, 'proxy-summary.md');
    const running = await proxy(['--upstream', up.baseUrl], { GITHUB_STEP_SUMMARY: file });
    await send(`${running.base}/store/orders`, 'GET', key);
    await running.stop();
    expect(await readFile(file, 'utf8')).toMatch(
      /^## Conformance of http\\:\/\/127\.0\.0\.1:\d+\/v1: passed \(exit 0\)/,
    );
  });
});

describe('the proxy and trace context', () => {
  it("keeps the client's traceparent, adds none of its own, and names the client's trace in a violation", async () => {
    const up = await upstream();
    const out = join(dir.path, 'traced');
    const running = await proxy(['--upstream', up.baseUrl, '--reporter', 'junit', '--output', out]);
    const ids = createTraceIds();
    const sent = traceparent(ids.trace(), ids.span());
    // PUT is no operation of the spec: an info violation, which names the client's trace.
    await send(`${running.base}/store/orders`, 'GET', [...key, 'traceparent', sent]);
    await send(`${running.base}/store/orders`, 'GET', key);
    await send(`${running.base}/store/orders`, 'PUT', [...key, 'traceparent', sent]);
    const report = JSON.parse(
      (await send(`${running.origin}/__conformance/report`, 'GET')).body.toString(),
    ) as ProxyReport;
    await running.stop();
    expect(up.traceparents).toEqual([sent, undefined, sent]);
    const violation = report.violations.find((v) => v.check === 'proxy.undocumented-operation');
    const traceId = parseTraceparent(sent)?.traceId;
    expect(violation?.traceId).toBe(traceId);
    const junit = await readFile(join(out, 'conformance.junit.xml'), 'utf8');
    expect(junit).toContain(`(trace ${traceId})`);
  });
});
