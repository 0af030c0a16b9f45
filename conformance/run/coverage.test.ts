import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/index.ts';
import { type RunningServer, startServer } from '../../src/node/index.ts';
import { loadSpec } from '../contract/spec.ts';
import type { Exchange } from '../http/exchange.ts';
import { runCli } from '../test-support/cli.ts';
import { serverPool } from '../test-support/pool.ts';
import { TARGET_KEY } from '../test-support/target.ts';
import { createCoverage, minCoverageProblem } from './coverage.ts';
import type { ConformanceEvent } from './events.ts';
import { runConformance } from './runner.ts';

const spec = loadSpec();
const KEY = 'coverage-key';
/** Before the pet route's sunset, so GET /pets/{petId} answers 200 whatever today's date. */
const NOW = Date.parse('2026-11-01T00:00:00Z');
const shipped = (
  JSON.parse(readFileSync(new URL('../../fixtures/orders.json', import.meta.url), 'utf8')) as Array<{
    id: number;
    status: string;
  }>
).find((o) => o.status === 'shipped');

const exchange = (method: string, operationId: string | undefined, status?: number): Exchange => ({
  seq: 1,
  request: {
    method,
    path: '/x',
    auth: 'valid',
    url: 'http://x/v1/x',
    headers: {},
    ...(operationId ? { operationId } : {}),
  },
  ...(status === undefined
    ? { error: 'ECONNRESET' }
    : {
        response: { status, headers: {}, body: '', bodyBytes: 0, truncated: false },
      }),
  durationMs: 1,
  attempts: 1,
});

describe('coverage', () => {
  it('lists every (operation, status) pair spec/openapi.yaml documents, unseen until an answer has that status', () => {
    const coverage = createCoverage(spec);
    const pairs = spec.operations.flatMap((o) => o.statuses.map((s) => `${o.operationId} ${s}`));
    expect(coverage.result()).toMatchObject({ documented: pairs.length, seen: 0, percent: 0, unseen: pairs });
    coverage.observe('cancelOrder', 409);
    coverage.observe('cancelOrder', 409);
    coverage.observe('cancelOrder', 500);
    const cancel = coverage.result().operations.find((o) => o.operationId === 'cancelOrder');
    expect(cancel?.documented.find((d) => d.status === '409')?.seen).toBe(2);
    expect(cancel?.undocumented).toEqual([{ status: 500, seen: 1 }]);
    expect(coverage.result().unseen).not.toContain('cancelOrder 409');
  });

  it("counts an exchange event only when it answers the operation's own method", () => {
    const coverage = createCoverage(spec);
    const events: ConformanceEvent[] = [
      { type: 'exchange', exchange: exchange('GET', 'listOrders', 200) },
      { type: 'exchange', exchange: exchange('PATCH', 'listOrders', 405) },
      { type: 'exchange', exchange: exchange('OPTIONS', undefined, 204) },
      { type: 'exchange', exchange: exchange('DELETE', 'cancelOrder') },
    ];
    for (const event of events) coverage.handle(event);
    const result = coverage.result();
    expect(result.seen).toBe(1);
    expect(result.operations.flatMap((o) => o.undocumented)).toEqual([]);
  });

  it('fails a --min-coverage gate with one line naming every unseen pair, and passes one it meets', () => {
    const coverage = createCoverage(spec);
    coverage.observe('listOrders', 200);
    const result = coverage.result();
    expect(minCoverageProblem(result, 100)).toMatch(
      /^coverage 10% \(1 of 10 documented operation\/status pairs\) is below --min-coverage 100: never seen listOrders 401, cancelOrder 204, .*getPetById 410$/,
    );
    expect(minCoverageProblem(result, 10)).toBeUndefined();
    expect(minCoverageProblem(result, undefined)).toBeUndefined();
  });
});

describe('coverage of a run against the project mock', () => {
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({
      port: 0,
      host: '127.0.0.1',
      apiKeys: [KEY],
      clock: createClock('manual', NOW),
    });
  });
  afterAll(() => mock?.close());

  it('without a shipped order shows cancelOrder 409 unseen, and --min-coverage 100 fails naming it', async () => {
    const { code, stdout, stderr } = await runCli(['--base-url', mock.baseUrl, '--min-coverage', '100'], {
      PETSTORE_API_KEY: KEY,
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/cancelOrder 409 +NOT SEEN/);
    expect(stdout).toMatch(/listOrders +200 +seen \d+×/);
    const gate = stderr.split('\n').filter((line) => line.includes('--min-coverage'));
    expect(gate).toHaveLength(1);
    expect(gate[0]).toMatch(/below --min-coverage 100: never seen .*cancelOrder 409/);
  });

  it('with a shipped order sees the 409, and a gate the run meets passes', async () => {
    const args = [
      '--base-url',
      mock.baseUrl,
      '--shipped-order-id',
      String(shipped?.id),
      '--min-coverage',
      '60',
    ];
    const { code, stdout } = await runCli(args, { PETSTORE_API_KEY: KEY });
    expect(code).toBe(0);
    expect(stdout).toMatch(/cancelOrder 409 +seen \d+×/);
  });
});

describe('coverage of an exploration', () => {
  const { target } = serverPool();

  it('counts the generated requests from the same exchange events', async () => {
    const baseUrl = await target();
    const events: ConformanceEvent[] = [];
    const options = { baseUrl, apiKey: TARGET_KEY, explore: { seed: 7, maxRequests: 60 } };
    for await (const event of runConformance(options)) events.push(event);
    const exchanges = events.filter((e) => e.type === 'exchange');
    expect(exchanges.length).toBeGreaterThan(60); // the list read and the first probe come first
    const finished = events.at(-1);
    if (finished?.type !== 'finished') throw new Error('no finished event');
    const recount = createCoverage(spec);
    for (const event of events) recount.handle(event);
    expect(finished.summary.coverage).toEqual(recount.result());
    expect(finished.summary.coverage?.seen).toBeGreaterThanOrEqual(4);
  });
});
