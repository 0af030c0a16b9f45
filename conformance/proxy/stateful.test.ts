import { describe, expect, it } from 'vitest';
import { promotedBy } from '../../src/test-support/young-collection.ts';
import { createStatefulGrader, type Traffic } from './stateful.ts';
import { MODEL_LIMITS } from './traffic-model.ts';

// The stateful grader alone, fed exchanges in the order the proxy completes them: what it judges, and above
// all what it does not (no guess about what the traffic did not prove).

const orders = (...ids: number[]) => `[${ids.map((id) => `{"id":${id},"petId":1,"quantity":1}`).join(',')}]`;

function traffic(limits = MODEL_LIMITS) {
  const grader = createStatefulGrader(limits);
  let tick = 0;
  let seq = 0;
  const findings: string[] = [];
  /** Sends one exchange; `overlaps` makes its request arrive before the previous answer was complete. */
  const exchange = (
    method: string,
    target: string,
    status: number,
    options: { body?: string; auth?: string; session?: string; overlaps?: boolean } = {},
  ) => {
    const [path = '', query] = target.split('?');
    const id = /^\/store\/orders\/(\d+)$/.exec(path)?.[1];
    const operationId =
      path === '/store/orders' && method === 'GET'
        ? 'listOrders'
        : id && method === 'DELETE'
          ? 'cancelOrder'
          : undefined;
    const begun = options.overlaps ? tick - 1 : ++tick;
    const ended = ++tick;
    const item: Traffic = {
      step: { seq: ++seq, begun, ended, shown: `${method} ${path} → ${status}` },
      method,
      operationId,
      ...(id ? { orderId: id } : {}),
      query: query !== undefined,
      status,
      ...(options.body ? { body: options.body } : {}),
      authorization: options.auth ?? 'Bearer alice',
      session: options.session,
    };
    const graded = grader.grade(item);
    findings.push(...graded.findings.map((f) => `${f.rule} ${f.cites.map((s) => s.seq).join(',')}`));
  };
  return { grader, exchange, findings };
}

describe('grading across exchanges', () => {
  it('judges nothing about an order the client never saw listed', () => {
    const { exchange, findings } = traffic();
    exchange('DELETE', '/store/orders/5', 409);
    exchange('DELETE', '/store/orders/6', 404);
    exchange('DELETE', '/store/orders/7', 204);
    exchange('GET', '/store/orders', 200, { body: orders(7) });
    expect(findings).toEqual([]);
  });

  it('takes no list read while a cancel was in flight as proof of what the cancel did', () => {
    const { exchange, findings } = traffic();
    exchange('GET', '/store/orders', 200, { body: orders(1) });
    exchange('DELETE', '/store/orders/1', 204);
    exchange('GET', '/store/orders', 200, { body: orders(1), overlaps: true });
    exchange('DELETE', '/store/orders/1', 404);
    expect(findings).toEqual([]);
    exchange('GET', '/store/orders', 200, { body: orders(1) });
    expect(findings).toEqual(['orders.cancel-final 2,4,5']);
  });

  it('takes no list as complete once a write outside the spec (a POST) may have added an order', () => {
    const { exchange, findings } = traffic();
    exchange('GET', '/store/orders', 200, { body: orders(1) });
    exchange('POST', '/store/order', 200);
    exchange('DELETE', '/store/orders/7', 409);
    expect(findings).toEqual([]);
    exchange('GET', '/store/orders', 200, { body: orders(1) });
    exchange('DELETE', '/store/orders/8', 409);
    expect(findings).toEqual(['orders.cancel-absent 4,5']);
  });

  it('holds a deployment to its own answers about a cancelled order, whichever way it chose', () => {
    const kept = traffic();
    kept.exchange('GET', '/store/orders', 200, { body: orders(1) });
    kept.exchange('DELETE', '/store/orders/1', 204);
    kept.exchange('GET', '/store/orders', 200, { body: orders() });
    kept.exchange('DELETE', '/store/orders/1', 409);
    expect(kept.findings).toEqual(['orders.cancel-final 2,3,4']);
    const consistent = traffic();
    consistent.exchange('GET', '/store/orders', 200, { body: orders(1) });
    consistent.exchange('DELETE', '/store/orders/1', 204);
    consistent.exchange('GET', '/store/orders', 200, { body: orders(1) });
    consistent.exchange('DELETE', '/store/orders/1', 409);
    consistent.exchange('GET', '/store/orders', 200, { body: orders(1) });
    expect(consistent.findings).toEqual([]);
  });

  it('never lets an order refused as shipped be cancelled later, nor change', () => {
    const { exchange, findings } = traffic();
    exchange('GET', '/store/orders', 200, { body: '[{"id":2,"quantity":1}]' });
    exchange('DELETE', '/store/orders/2', 409);
    exchange('GET', '/store/orders', 200, { body: '[{"quantity":1,  "id":2}]' });
    expect(findings).toEqual([]);
    exchange('DELETE', '/store/orders/2', 204);
    expect(findings).toEqual(['orders.refused-unchanged 2,4']);
    const changed = traffic();
    changed.exchange('GET', '/store/orders', 200, { body: '[{"id":2,"quantity":1}]' });
    changed.exchange('DELETE', '/store/orders/2', 409);
    changed.exchange('GET', '/store/orders', 200, { body: '[{"id":2,"quantity":5}]' });
    expect(changed.findings).toEqual(['orders.refused-unchanged 1,2,3']);
  });

  it('takes a list with a query string (perhaps filtered) as no full list', () => {
    const { exchange, findings } = traffic();
    exchange('GET', '/store/orders?status=pending', 200, { body: orders(1) });
    exchange('DELETE', '/store/orders/2', 409);
    expect(findings).toEqual([]);
  });

  it('keeps one model per credential and per session; a cancel by anyone explains an order leaving', () => {
    const { exchange, findings } = traffic();
    exchange('GET', '/store/orders', 200, { body: orders(1, 3) });
    exchange('DELETE', '/store/orders/1', 204, { auth: 'Bearer bob' });
    exchange('DELETE', '/store/orders/1', 404);
    exchange('DELETE', '/store/orders/3', 204, { session: 's1' });
    exchange('DELETE', '/store/orders/3', 204, { session: 's2' });
    exchange('DELETE', '/store/orders/3', 204, { auth: 'Bearer carol', session: 's2' });
    expect(findings).toEqual([]);
    exchange('DELETE', '/store/orders/3', 204, { auth: 'bearer   carol', session: 's2' });
    expect(findings).toEqual(['orders.cancel-final 6,7']);
  });

  it('forgets the oldest credentials first, and judges nothing over a window it forgot', () => {
    const { exchange, findings, grader } = traffic({ ...MODEL_LIMITS, facts: 1 });
    exchange('GET', '/store/orders', 200, { body: orders(1, 3) });
    exchange('DELETE', '/store/orders/1', 204, { auth: 'Bearer bob' });
    exchange('DELETE', '/store/orders/3', 204, { auth: 'Bearer bob' });
    // The session no longer knows that bob cancelled order 1: alice's 404 for it is not judged.
    exchange('DELETE', '/store/orders/1', 404);
    expect(findings).toEqual([]);
    expect(grader.size().scopes).toBe(2);
  });

  it('holds 10,000 distinct credentials within its bounds, the most recent ones judged', () => {
    const { exchange, findings, grader } = traffic();
    for (let i = 0; i < 10_000; i++) {
      exchange('GET', '/store/orders', 200, { body: orders(i, i + 1, i + 2), auth: `Bearer token-${i}` });
      exchange('DELETE', `/store/orders/${i}`, 204, { auth: `Bearer token-${i}`, session: `s${i % 100}` });
    }
    const size = grader.size();
    expect(size.scopes).toBeLessThanOrEqual(MODEL_LIMITS.scopes);
    expect(size.sessions).toBeLessThanOrEqual(MODEL_LIMITS.sessions);
    expect(size.listedOrders).toBeLessThanOrEqual(MODEL_LIMITS.listedOrders);
    expect(findings).toEqual([]);
    exchange('DELETE', '/store/orders/9999', 204, { auth: 'Bearer token-9999', session: 's99' });
    expect(findings).toEqual(['orders.cancel-final 20000,20001']);
  });

  it('keeps no list longer than its order budget', () => {
    const { exchange, findings, grader } = traffic({ ...MODEL_LIMITS, listedOrders: 2 });
    exchange('GET', '/store/orders', 200, { body: orders(1, 2, 3) });
    exchange('DELETE', '/store/orders/9', 409);
    expect(findings).toEqual([]);
    expect(grader.size().listedOrders).toBe(0);
  });
});

describe('memory under steady traffic', () => {
  it('leaves a list read to the young generation once a later one replaced it', () => {
    const grader = createStatefulGrader();
    const body = orders(1, 2, 3);
    const read = (seq: number) =>
      grader.grade({
        step: { seq, begun: 2 * seq, ended: 2 * seq + 1, shown: 'GET /store/orders → 200' },
        method: 'GET',
        operationId: 'listOrders',
        query: false,
        status: 200,
        body,
        authorization: 'Bearer alice',
        session: undefined,
      });
    let seq = 0;
    while (seq < 30_000) read(++seq); // as under traffic: the grader's code optimised
    const reads = 5000;
    const promoted = promotedBy(() => {
      for (let n = 0; n < reads; n++) read(++seq);
    });
    expect(promoted / reads).toBeLessThan(40);
  });
});
