import { coreError } from '../http/errors.ts';
import { chunkedBody, type ResponseKit } from '../http/responses.ts';
import { type Params, type Route, route } from '../http/router.ts';
import { truncate } from '../http/text.ts';
import { parseId } from '../orders/ids.ts';
import { orderJson } from '../orders/order-json.ts';
import { type CancelResult, hasChunkedLists, type OrderStore } from '../orders/store.ts';
import type { MockResponse, ResponseBody, StoredOrder } from '../types.ts';

export { orderJson } from '../orders/order-json.ts';

/**
 * List bodies by the store's list they render. A store hands out the same array until it changes, and the
 * sessions that have changed nothing read one shared seed store: they then share one body too, instead of
 * holding a copy each (a large list is megabytes of JSON).
 */
const listBodies = new WeakMap<readonly StoredOrder[], ResponseBody>();

/** listOrders and cancelOrder. */
export function orderRoutes(store: OrderStore, kit: ResponseKit): Route[] {
  // Serialized once per change of state: listing a large store then costs what sending the bytes costs.
  let cached: { revision: number; response: MockResponse } | undefined;

  // Returned, not thrown: the fresh-id 404 is a hot path (docs/performance.md), and its body is one template.
  const orderNotFound = kit.errorTemplate((id) =>
    coreError('ORDER_NOT_FOUND', `Order ${id} does not exist.`),
  );

  function listOrders(): MockResponse | Promise<MockResponse> {
    if (!hasChunkedLists(store)) return listFromStore();
    // The in-memory store answers at once, and keeps the list in chunks that a change re-renders one at a
    // time (docs/decisions.md, "Cost of a change at a large size"): no promise on the hot path.
    const revision = store.currentRevision();
    if (cached?.revision !== revision) {
      cached = { revision, response: kit.json(200, chunkedBody(store.listChunks('public'))) };
    }
    return cached.response;
  }

  async function listFromStore(): Promise<MockResponse> {
    const revision = await store.revision();
    if (cached?.revision !== revision) {
      const orders = await store.list();
      let body = listBodies.get(orders);
      if (!body) {
        body = { text: `[${listJson(orders)}]` };
        listBodies.set(orders, body);
      }
      cached = { revision, response: kit.json(200, body) };
    }
    return cached.response;
  }

  function cancelOrder(
    _request: unknown,
    { id: rawId }: Params<'/:id'>,
  ): MockResponse | Promise<MockResponse> {
    const id = parseId(rawId);
    // A malformed id names no order, so it is a 404 like any unknown id (docs/decisions.md).
    if (id === undefined) return orderNotFound(truncate(rawId));
    // The in-memory store answers at once: no promise on the hot path.
    if (hasChunkedLists(store)) return cancelled(id, store.cancelNow(id));
    return store.cancel(id).then((result) => cancelled(id, result.outcome));
  }

  function cancelled(id: string, outcome: CancelResult['outcome']): MockResponse {
    switch (outcome) {
      case 'cancelled':
        return kit.noContent;
      case 'not_found':
        return orderNotFound(id);
      case 'already_shipped':
        throw coreError(
          'ORDER_ALREADY_SHIPPED',
          `Order ${id} has already shipped and cannot be cancelled; shipped orders cannot be reversed.`,
        );
    }
  }

  return [route('/store/orders', { GET: listOrders }), route('/store/orders/:id', { DELETE: cancelOrder })];
}

/**
 * The orders' JSON, joined a thousand at a time: each batch's small strings die young instead of all of them
 * outliving a collection, which kept the heap (and resident memory) larger (docs/performance.md).
 */
function listJson(orders: readonly StoredOrder[]): string {
  const batches: string[] = [];
  for (let start = 0; start < orders.length; start += 1000) {
    batches.push(
      orders
        .slice(start, start + 1000)
        .map(orderJson)
        .join(','),
    );
  }
  return batches.join(',');
}
