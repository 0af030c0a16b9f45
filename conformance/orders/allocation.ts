import { type OrderKind, type ProvidedOrders, SLOT_KIND, SLOTS, type Slot } from './slots.ts';

/** Where a run's orders came from: the command line's ids, a setup command, or a Pact provider-state URL. */
export type OrderSourceKind = 'given' | 'setup' | 'state-url';

export const SOURCE_NAMES: Readonly<Record<OrderSourceKind, string>> = {
  given: 'given',
  setup: 'the setup',
  'state-url': 'the state URL',
};

/** Why a slot has no order, and what to give for it (the summary's "give …"). */
export interface MissingOrder {
  reason: string;
  give: string;
}

/** Which order each slot of the run got. */
export interface RunOrders {
  readonly source?: OrderSourceKind;
  readonly provided: ProvidedOrders;
  readonly bySlot: Readonly<Partial<Record<Slot, string>>>;
  readonly missing: Readonly<Partial<Record<Slot, MissingOrder>>>;
  /** Every order the run may change: the gate lets a DELETE reach these and ids proven absent, nothing else. */
  readonly writable: readonly string[];
}

const GIVE_ORDERS = 'orders (--setup, --state-url, or --pending-order-id and --shipped-order-id)';

const NOT_GIVEN: Readonly<Record<OrderKind, string>> = {
  pending:
    'opt-in: cancels an order; give orders with --setup or --state-url, or pass --pending-order-id to run it',
  shipped:
    'opt-in: tries to cancel an order; give orders with --setup or --state-url, or pass --shipped-order-id to run it',
};

export const NO_ORDERS: RunOrders = {
  provided: { pending: [], shipped: [] },
  bySlot: {},
  missing: Object.fromEntries(
    SLOTS.map((slot) => [slot, { reason: NOT_GIVEN[SLOT_KIND[slot]], give: GIVE_ORDERS }]),
  ),
  writable: [],
};

/**
 * Hands out the provided orders to the slots the run needs, in slot order. Ids given on the command line are
 * one per kind and serve every slot of their kind (the refusals run before the cancel, as they always did); a
 * setup's or a state URL's serve one slot each, so no two stories share an order. A slot left without one
 * says why ("the setup provided 1 of 2 pending orders"); its checks are skipped, never run on a guessed id.
 */
export function allocate(
  source: OrderSourceKind,
  provided: ProvidedOrders,
  needed: readonly Slot[],
): RunOrders {
  const bySlot: Partial<Record<Slot, string>> = {};
  const missing: Partial<Record<Slot, MissingOrder>> = {};
  const used: Record<OrderKind, number> = { pending: 0, shipped: 0 };
  const wanted: Record<OrderKind, number> = { pending: 0, shipped: 0 };
  const slots = SLOTS.filter((slot) => needed.includes(slot));
  for (const slot of slots) wanted[SLOT_KIND[slot]]++;
  // One phrase for every short kind, so the summary says it once: "(it provided 1 of 2 pending, 0 of 1 shipped)".
  const short = (['pending', 'shipped'] as const)
    .filter((kind) => provided[kind].length < wanted[kind])
    .map((kind) => `${provided[kind].length} of ${wanted[kind]} ${kind}`);
  const give = `more orders from ${SOURCE_NAMES[source]} (it provided ${short.join(', ')})`;
  for (const slot of slots) {
    const kind = SLOT_KIND[slot];
    const id = source === 'given' ? provided[kind][0] : provided[kind][used[kind]++];
    if (id !== undefined) bySlot[slot] = id;
    else if (source === 'given') missing[slot] = { reason: NOT_GIVEN[kind], give: GIVE_ORDERS };
    else {
      const reason = `${SOURCE_NAMES[source]} provided ${provided[kind].length} of ${wanted[kind]} ${kind} orders`;
      missing[slot] = { reason, give };
    }
  }
  return {
    source,
    provided,
    bySlot,
    missing,
    writable: [...new Set(Object.values(bySlot))],
  };
}
