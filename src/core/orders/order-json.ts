import type { StoredOrder } from '../types.ts';

/**
 * What comes before each value of an order's JSON, in the order the mock writes them: the one definition of
 * that form for the writers here, the column writer (order-bytes.ts) and the saved state's reader
 * (saved-order-text.ts), which reads back exactly what GET writes.
 */
export const ORDER_KEYS = {
  id: '{"id":',
  petId: ',"petId":',
  quantity: ',"quantity":',
  shipDate: ',"shipDate":',
  complete: ',"complete":',
  status: ',"status":',
} as const;

const { id, petId, quantity, shipDate, complete, status } = ORDER_KEYS;

/** The public Order: no status field (the seed lists none). Ids are written as digits, never rounded. */
export function orderJson(order: StoredOrder): string {
  return `${id}${order.id}${petId}${order.petId}${quantity}${order.quantity}${shipDate}${JSON.stringify(order.shipDate)}${complete}${order.complete}}`;
}

/** The admin view of an order: the public fields plus the internal status. */
export function adminOrderJson(order: StoredOrder): string {
  return `${orderJson(order).slice(0, -1)}${status}"${order.status}"}`;
}
