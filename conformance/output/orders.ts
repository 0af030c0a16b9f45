import type { OrderSourceKind } from '../orders/allocation.ts';
import type { ProvidedOrders } from '../orders/slots.ts';

// How reports name the orders a run changed: where they came from, and which ids a check used.

const SOURCES: Readonly<Record<OrderSourceKind, string>> = {
  given: 'given on the command line',
  setup: 'setup',
  'state-url': 'state URL',
};

/** `setup: 2 pending, 1 shipped (9001, 9002; 9003)`. */
export function describeOrders(orders: { source: OrderSourceKind } & ProvidedOrders): string {
  const count = (n: number, kind: string) => `${n} ${kind}`;
  const ids = [orders.pending.join(', '), orders.shipped.join(', ')].filter((list) => list !== '').join('; ');
  return `${SOURCES[orders.source]}: ${count(orders.pending.length, 'pending')}, ${count(orders.shipped.length, 'shipped')}${ids ? ` (${ids})` : ''}`;
}

/** `order 9001` or `orders 9001, 9003`. */
export const describeOrderIds = (ids: readonly string[]): string =>
  `${ids.length === 1 ? 'order' : 'orders'} ${ids.join(', ')}`;

/** The summary's note on skipped checks: `10 checks not run: give an API key (--api-key …)`. */
export function describeNotRun(
  notRun: { checks: number; give: readonly string[] },
  failOnSkip = false,
): string {
  const what = `${notRun.checks} check${notRun.checks === 1 ? '' : 's'} not run${failOnSkip ? ', --fail-on-skip' : ''}`;
  return notRun.give.length > 0
    ? `${what}: give ${notRun.give.join(' and ')}`
    : `${what}: see their reasons above`;
}
