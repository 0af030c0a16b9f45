import { describe, expect, it } from 'vitest';
import { serverPool } from '../test-support/pool.ts';
import { grade } from '../test-support/run.ts';
import { TARGET_KEY, type TargetOrder } from '../test-support/target.ts';

// Servers that read ids leniently, as real ones do: the fixed checks' DELETEs pass the one gate exploration's
// pass too (conformance/orders/gate.ts), so in safe mode none of them loses an order (docs/conformance.md,
// "What the run sends: safe by default").

const pool = serverPool();

const cancelled = (orders: Array<TargetOrder & { cancelled: boolean }>) =>
  orders.filter((o) => o.cancelled).map((o) => o.id);

describe('the fixed checks against servers that read ids leniently', () => {
  it("sends no malformed id to DELETE when order 0 is listed: Go's Atoi with its error dropped reads it as 0", async () => {
    const { baseUrl, orders } = await pool.stateful({
      orders: [
        { id: '0', status: 'pending' },
        { id: '1', status: 'pending' },
      ],
      sameOrder: (stored, segment) => BigInt(stored) === (/^[0-9]+$/.test(segment) ? BigInt(segment) : 0n),
    });
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(cancelled(orders)).toEqual([]);
    expect(byId['http.malformed-id']).toMatchObject({
      status: 'passed',
      message: expect.stringMatching(/DELETE \/store\/orders\/not-a-number: not sent: .*not proven absent/),
    });
    expect(byId['info.malformed-id-status']?.message).toMatch(/GET \/pets\/not-a-number → 404/);
  });

  it('still sends the malformed id when 0 is not listed', async () => {
    const { baseUrl, orders } = await pool.stateful({
      sameOrder: (stored, segment) => BigInt(stored) === (/^[0-9]+$/.test(segment) ? BigInt(segment) : 0n),
    });
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(cancelled(orders)).toEqual([]);
    expect(byId['info.malformed-id-status']?.message).toMatch(/DELETE \/store\/orders\/not-a-number → 404/);
  });

  it.each(['"+1000004"', '" 1000004"', '"1000004abc"'])(
    'proves the absent id above a listed id written %s, which the suite cannot read as an integer',
    async (listedAs) => {
      // Without the lenient reading of that id the absent id would be 1 + 1,000,003: order 1000004 itself.
      const { baseUrl, orders } = await pool.stateful({
        orders: [
          { id: '1', status: 'pending' },
          { id: '1000004', listedAs, status: 'pending' },
        ],
      });
      const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY });
      expect(cancelled(orders)).toEqual([]);
      expect(byId['orders.cancel-absent']).toMatchObject({
        status: 'passed',
        message: expect.stringMatching(/DELETE \/store\/orders\/2000007 → 404/),
      });
    },
  );

  it('skips, saying why, when the largest listed id is near 2^63 and the server looks ids up as doubles', async () => {
    const { baseUrl, orders } = await pool.stateful({
      orders: [
        { id: '1', status: 'pending' },
        { id: '9223372036854775806', status: 'pending' },
      ],
      // 9223372036854775807 and …806 are the same double: a lookup through Number finds the listed order.
      sameOrder: (stored, segment) => Number(stored) === Number(segment),
    });
    const { byId, summary } = await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(cancelled(orders)).toEqual([]);
    expect(byId['orders.cancel-absent']).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(
        /no order id is proven absent: no int64 id above the largest listed id \(9223372036854775806\) stays distinct/,
      ),
    });
    expect(summary.notRun?.checks).toBeGreaterThan(0);
  });

  it('skips the absent-id checks when the list holds an id no reading makes an integer', async () => {
    const { baseUrl, orders } = await pool.stateful({
      orders: [
        { id: '1', status: 'pending' },
        { id: '7', listedAs: '"ord_abc"', status: 'pending' },
      ],
    });
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(cancelled(orders)).toEqual([]);
    expect(byId['orders.cancel-absent']?.message).toMatch(
      /no lenient reading makes an integer \("ord_abc"\)/,
    );
  });
});
