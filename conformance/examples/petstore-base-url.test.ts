/**
 * Example: grade your deployment inside your own vitest run. It needs PETSTORE_BASE_URL (the base URL, base
 * path included, e.g. https://staging.example/v1) and PETSTORE_API_KEY, and is skipped, saying so, without them.
 *
 * In your project the import is `petstore-mock/conformance`; this file imports the source so it runs in this
 * repository's `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { collectConformance } from '../index.ts';

const deployment = process.env.PETSTORE_BASE_URL;

// The run is safe: it cancels nothing unless you pass pendingOrderId / shippedOrderId.
describe.skipIf(!deployment)('the deployment at PETSTORE_BASE_URL (skipped when it is not set)', () => {
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
