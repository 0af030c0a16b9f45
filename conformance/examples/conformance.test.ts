/**
 * Example: run the conformance suite inside your own vitest tests.
 *
 * In your project the imports are `petstore-mock/conformance` and `petstore-mock/msw`; this file imports the
 * sources so it runs in this repository's `npm test`.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw/index.ts';
import { collectConformance, runConformance } from '../index.ts';

// 1. Against a deployment: CI sets PETSTORE_BASE_URL (with /v1) and PETSTORE_API_KEY. The run is safe: it
//    cancels nothing unless you pass pendingOrderId / shippedOrderId.
const deployment = process.env.PETSTORE_BASE_URL;

describe.skipIf(!deployment)('our deployment (set PETSTORE_BASE_URL to run)', () => {
  it('keeps every rule the spec states', async () => {
    const { results, summary } = await collectConformance({
      baseUrl: deployment ?? '',
      apiKey: process.env.PETSTORE_API_KEY,
    });
    const mustFailures = results.filter((r) => r.severity === 'must' && r.status === 'failed');
    expect(mustFailures.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(summary.exitCode).toBe(0);
  }, 60_000);
});

// 2. In-process, against MSW handlers: the suite's requests go through MSW's interception of fetch.
//    (With any other in-process fetch handler, pass it as `options.fetch` instead.)
describe('our MSW mock, in-process', () => {
  const { handlers, controller } = createHandlers({
    baseUrl: 'http://api.example.test/v1',
    apiKeys: ['test-key'],
  });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => controller.reset());
  afterAll(() => server.close());

  it('passes every must and should check, opt-in cancels included', async () => {
    const { results } = await collectConformance({
      baseUrl: 'http://api.example.test/v1',
      apiKey: 'test-key',
      pendingOrderId: '1',
      shippedOrderId: '2',
      strict: true,
    });
    const failures = results.filter((r) => r.status === 'failed');
    expect(failures.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });

  it('streams events, e.g. to stop at the first must failure', async () => {
    const seen: string[] = [];
    for await (const event of runConformance({ baseUrl: 'http://api.example.test/v1', apiKey: 'test-key' })) {
      if (event.type !== 'check') continue;
      seen.push(event.result.id);
      if (event.result.severity === 'must' && event.result.status === 'failed') break;
    }
    expect(seen).toContain('orders.list');
  });
});
