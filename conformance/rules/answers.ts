import type { Exchange } from '../http/exchange.ts';

/**
 * The answers whose Error body the spec states: 401 to any operation, 404 from cancelOrder (malformed ids
 * excluded). Requests that are no operation (CORS preflights, the undocumented method) are other checks' matter.
 */
export const specStatesErrorBody = (e: Exchange): boolean =>
  (e.response?.status === 401 && e.request.operationId !== undefined) ||
  (e.response?.status === 404 &&
    e.request.operationId === 'cancelOrder' &&
    e.request.purpose !== 'malformed-id');

/** The bodies the spec declares as `application/json`: the list's 200 and the Error bodies it states. */
export const specStatesJsonBody = (e: Exchange): boolean =>
  (e.response?.status === 200 && e.request.operationId === 'listOrders') || specStatesErrorBody(e);
