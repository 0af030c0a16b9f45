import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prismBinary, type RunningPrism, startPrism } from '../test-support/prism.ts';
import { grade } from '../test-support/run.ts';

// Prism's stateless mock of the same spec: the suite names the rules a stateless mock cannot keep.
// The comparison table in docs/conformance.md is this test's expectation.

const bin = prismBinary();

describe.skipIf(!bin)('Prism comparison (prism mock spec/openapi.yaml)', () => {
  let prism: RunningPrism;
  let result: Awaited<ReturnType<typeof grade>>;

  beforeAll(async () => {
    prism = await startPrism(bin ?? '');
    // Prism's list is the spec example: order 1 plays the pending order, order 2 the shipped one.
    result = await grade({
      baseUrl: prism.baseUrl,
      apiKey: 'any-key',
      pendingOrderId: '1',
      shippedOrderId: '2',
    });
  }, 30_000);

  afterAll(async () => {
    await prism?.stop();
  });

  it('fails the stateful must checks: an absent order and a shipped order both answer 204', () => {
    expect(result.byId['orders.cancel-absent']?.message).toMatch(/→ 204, expected 404/);
    expect(result.byId['orders.cancel-shipped']?.message).toMatch(/→ 204, expected 409/);
  });

  it('fails the wrong-key and near-miss must checks (any Bearer token is accepted), and the final cancel', () => {
    expect(result.failed('must').sort()).toEqual([
      'auth.near-miss-key',
      'auth.wrong-key',
      'orders.cancel-absent',
      'orders.cancel-final',
      'orders.cancel-shipped',
    ]);
  });

  it('fails the HTTP norms it does not implement', () => {
    expect(result.failed('should').sort()).toEqual([
      'auth.challenge',
      'auth.extra-word',
      'auth.scheme-case',
      'cors.allow-origin',
      'http.allow',
      'http.head',
      'http.malformed-id',
      'pets.deprecation',
      'pets.sunset',
      'pets.sunset-link',
    ]);
  });

  it('observes that a cancel changes nothing: the second cancel is 204 and the order stays listed', () => {
    expect(result.byId['info.second-cancel']?.message).toMatch(/→ 204/);
    expect(result.byId['info.cancelled-listed']?.message).toMatch(/stays listed/);
  });

  it('passes what a stateless mock can keep', () => {
    const kept = [
      'auth.missing-key',
      'auth.non-bearer',
      'orders.list',
      'orders.date-time',
      'orders.fields',
      'orders.cancel-pending',
      'errors.body',
      'http.media-type',
      'http.no-content',
      'http.content-type',
      'cors.preflight',
      'auth.head',
      'http.utf8',
      'http.byte-order-mark',
      'pets.deprecation-scope',
      'pets.live-until-sunset',
    ];
    for (const id of kept)
      expect(result.byId[id]?.status, `${id}: ${result.byId[id]?.message}`).toBe('passed');
  });
});
