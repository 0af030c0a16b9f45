import type { StoredOrder } from '../types.ts';

/** The public Order: no status field (the seed lists none). Ids are written as digits, never rounded. */
export function orderJson(order: StoredOrder): string {
  return `{"id":${order.id},"petId":${order.petId},"quantity":${order.quantity},"shipDate":${JSON.stringify(order.shipDate)},"complete":${order.complete}}`;
}

/** The admin view of an order: the public fields plus the internal status. */
export function adminOrderJson(order: StoredOrder): string {
  return `${orderJson(order).slice(0, -1)},"status":"${order.status}"}`;
}
