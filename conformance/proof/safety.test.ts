import { describe, expect, it } from 'vitest';
import { serverPool } from '../test-support/pool.ts';
import { grade } from '../test-support/run.ts';
import { type PlainRequest, TARGET_KEY, type TargetOptions } from '../test-support/target.ts';

// Safe mode: hostile or unusual targets must never receive a request that could change their state
// (docs/conformance.md, "What the run sends: safe by default").

const { target } = serverPool();

/** A reference target (bent by `options`) that records every request it gets. */
async function recording(options: TargetOptions = {}) {
  const requests: PlainRequest[] = [];
  const baseUrl = await target({ ...options, onRequest: (r) => requests.push(r) });
  return { baseUrl, requests };
}

const deletes = (requests: PlainRequest[]) =>
  requests.filter((r) => r.method === 'DELETE').map((r) => r.path.replace('/store/orders/', ''));

describe('safe mode against hostile lists', () => {
  it('never probes at or below the largest listed id when int64 has no room above it', async () => {
    const { baseUrl, requests } = await recording({
      // A paginated list: order 1 exists but is not listed.
      orders: [
        { id: '1', status: 'pending' },
        { id: '2', status: 'pending' },
        { id: '9223372036854775807', status: 'pending' },
      ],
      transform: (req, res) =>
        req.path === '/store/orders' && res.status === 200
          ? { ...res, body: (res.body ?? '').replace(/\{"id":1,[^}]*\},/, '') }
          : res,
    });
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(deletes(requests).filter((id) => id !== 'not-a-number')).toEqual([]);
    expect(byId['orders.cancel-absent']).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/no int64 id above the largest listed id \(9223372036854775807\)/),
    });
  });

  it('sends only canonical ids: never a form a lenient server could read as a listed id', async () => {
    const { baseUrl, requests } = await recording({
      orders: [
        { id: '1', status: 'pending' },
        { id: '1e3', status: 'pending' },
      ],
    });
    await grade({ baseUrl, apiKey: TARGET_KEY });
    const ids = deletes(requests).filter((id) => id !== 'not-a-number');
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(id).toMatch(/^[1-9][0-9]*$/);
      expect(BigInt(id)).toBeGreaterThan(1000n);
    }
  });
});

describe('ids given on the command line', () => {
  it('sends them in canonical form, so 03 cancels order 3 on a server that reads ids strictly', async () => {
    const requests: PlainRequest[] = [];
    const baseUrl = await target({
      onRequest: (r) => requests.push(r),
      // Like the project's mock: `03` is no order.
      transform: (req, res) => (/\/0[0-9]+$/.test(req.path) ? { status: 404, headers: {}, body: '' } : res),
    });
    const { byId } = await grade({
      baseUrl,
      apiKey: TARGET_KEY,
      pendingOrderId: '03',
      shippedOrderId: '002',
    });
    expect(byId['orders.cancel-pending']?.status).toBe('passed');
    expect(byId['orders.cancel-shipped']?.status).toBe('passed');
    expect(deletes(requests)).not.toContain('03');
  });
});

describe('refused requests with the ids given', () => {
  it('fails orders.refused-unchanged when a 401 to a cancel without a key cancels the order anyway', async () => {
    const baseUrl = await target({ refusedButCancels: 'unauthorized' });
    const { byId } = await grade({ baseUrl, apiKey: TARGET_KEY, pendingOrderId: '1', shippedOrderId: '2' });
    expect(byId['orders.refused-unchanged']).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/DELETE \/store\/orders\/1 → 401, order 1 is no longer listed/),
    });
  });

  it('sends no refused request for an order in safe mode', async () => {
    const { baseUrl, requests } = await recording();
    await grade({ baseUrl, apiKey: TARGET_KEY });
    expect(deletes(requests).filter((id) => ['1', '2', '3'].includes(id))).toEqual([]);
  });
});
