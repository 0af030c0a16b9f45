// The orders a run consumes. Checks that grade what is done to one order share it (the cancel, its second
// cancel and the list after it are one story); checks whose requests could spoil another's order get their own.

export type OrderKind = 'pending' | 'shipped';

/**
 * - `cancel`: a pending order cancelled, cancelled again, looked for in the list (orders.cancel-pending,
 *   http.no-content, orders.cancel-final, info.second-cancel, info.cancelled-listed);
 * - `conflict`: a shipped order whose cancel is refused (orders.cancel-shipped, orders.conflict-body,
 *   info.conflict-body; orders.refused-unchanged reads that refusal too);
 * - `refusals`: a pending order sent cancels without a key and with a wrong key (orders.refused-unchanged): a
 *   faulty server may cancel it, so it is not the `cancel` order, whose checks would then fail for that bug.
 */
export type Slot = 'cancel' | 'conflict' | 'refusals';

/** In the order orders are handed out: when a setup gives too few, the checks of the last slots go without. */
export const SLOTS: readonly Slot[] = ['cancel', 'conflict', 'refusals'];

export const SLOT_KIND: Readonly<Record<Slot, OrderKind>> = {
  cancel: 'pending',
  conflict: 'shipped',
  refusals: 'pending',
};

/** How many orders of each kind a run consumes: what `PETSTORE_NEEDS` says to a setup command. */
export type OrderNeeds = Record<OrderKind, number>;

export function needsOf(slots: Iterable<Slot>): OrderNeeds {
  const needs: OrderNeeds = { pending: 0, shipped: 0 };
  for (const slot of new Set(slots)) needs[SLOT_KIND[slot]]++;
  return needs;
}

/** Ids by kind, int64 in canonical form: what a setup gives, and what its teardown gets back. */
export type ProvidedOrders = Record<OrderKind, string[]>;
