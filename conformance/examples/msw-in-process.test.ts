/**
 * Example: run the conformance suite inside your own vitest tests, against the MSW handlers in-process (to
 * grade a deployment instead, see petstore-base-url.test.ts).
 *
 * In your project the imports are `petstore-mock/conformance` and `petstore-mock/msw`; this file imports the
 * sources so it runs in this repository's `npm test`.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw/index.ts';
import { collectConformance, runConformance } from '../index.ts';

// The suite's requests go through MSW's interception of fetch (with any other in-process fetch handler, pass it
// as `options.fetch` instead).
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
