import { type Check, REQUIREMENT_REASONS, REQUIREMENT_SLOTS, type Requirement } from '../checks/registry.ts';
import type { Spec } from '../contract/spec.ts';
import type { Exchange } from '../http/exchange.ts';
import { type MissingOrder, NO_ORDERS, type RunOrders } from '../orders/allocation.ts';
import { isOrderItemPath, templateOf } from '../orders/gate.ts';
import { SLOTS, type Slot } from '../orders/slots.ts';
import type { ResolvedOptions } from './options.ts';

// What a check needs before it runs, what the run's selected checks need from a setup, and which orders a
// check's requests used: the runner's bookkeeping of requirements and orders.

const GIVE_KEY = 'an API key (--api-key or PETSTORE_API_KEY)';

/** The slots of the orders a check consumes. */
const slotsOf = (check: Check): Slot[] =>
  (check.requires ?? []).flatMap((r) => [...(REQUIREMENT_SLOTS[r] ?? [])]);

/**
 * The orders the selected checks consume, in slot order: only those of checks that can run otherwise (a check
 * that needs the key consumes nothing without one). Exploration with --allow-writes takes one of each kind.
 */
export function neededSlots(checks: readonly Check[], options: ResolvedOptions): Slot[] {
  if (options.explore) return options.explore.allowWrites ? ['cancel', 'conflict'] : [];
  const runnable = checks.filter((c) => !(c.requires ?? []).includes('apiKey') || options.credential);
  const wanted = new Set(runnable.flatMap(slotsOf));
  return SLOTS.filter((slot) => wanted.has(slot));
}

/** Why a check cannot run, with what to give for it; undefined when it can. The key is named first. */
export function missingRequirements(
  check: Check,
  options: ResolvedOptions,
  orders: RunOrders,
): { reason: string; give: string[] } | undefined {
  const missing: MissingOrder[] = [];
  const byPriority = [...(check.requires ?? [])].sort((a, b) => rank(a) - rank(b));
  for (const requirement of byPriority) {
    const found = missingOne(requirement, options, orders);
    if (found) missing.push(found);
  }
  const [first] = missing;
  return first && { reason: first.reason, give: [...new Set(missing.map((m) => m.give))] };
}

const rank = (requirement: Requirement) => (requirement === 'apiKey' ? 0 : 1);

function missingOne(
  requirement: Requirement,
  options: ResolvedOptions,
  orders: RunOrders,
): MissingOrder | undefined {
  const slotMissing = (slot: Slot): MissingOrder =>
    orders.missing[slot] ??
    NO_ORDERS.missing[slot] ?? { reason: REQUIREMENT_REASONS.orderId, give: 'orders' };
  const { bySlot } = orders;
  switch (requirement) {
    case 'apiKey':
      return options.credential ? undefined : { reason: REQUIREMENT_REASONS.apiKey, give: GIVE_KEY };
    case 'pendingOrderId':
      return bySlot.cancel === undefined ? slotMissing('cancel') : undefined;
    case 'shippedOrderId':
      return bySlot.conflict === undefined ? slotMissing('conflict') : undefined;
    case 'orderId':
      // The refused requests grade the shipped order's refusal alone when they have no pending order.
      return bySlot.refusals === undefined && bySlot.conflict === undefined
        ? slotMissing('refusals')
        : undefined;
    case 'undocumentedMethods':
      return options.undocumentedMethods
        ? undefined
        : { reason: REQUIREMENT_REASONS.undocumentedMethods, give: slotMissing('cancel').give };
  }
}

/** The run's orders a check's requests named, in the order first sent. */
export function orderIdsUsed(spec: Spec, exchanges: readonly Exchange[], orders: RunOrders): string[] {
  const ids = new Set<string>();
  for (const exchange of exchanges) {
    const target = templateOf(spec, exchange.request.path);
    if (!target || !isOrderItemPath(spec, target.template)) continue;
    for (const segment of Object.values(target.params)) {
      if (orders.writable.includes(segment)) ids.add(segment);
    }
  }
  return [...ids];
}
