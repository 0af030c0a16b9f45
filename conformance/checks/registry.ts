import type { Slot } from '../orders/slots.ts';
import type { CheckInfo } from '../rules/rule.ts';
import type { CheckContext } from './session.ts';

/**
 * What a check needs before it may run; the first one missing is the stated reason for skipping it. The order
 * requirements keep the names of the ids that once were their only source: `pendingOrderId` is the pending
 * order that is cancelled, `shippedOrderId` the shipped one, `orderId` the orders sent refused requests.
 */
export type Requirement = 'apiKey' | 'pendingOrderId' | 'shippedOrderId' | 'orderId' | 'undocumentedMethods';

const GIVE = 'give orders with --setup or --state-url, or pass';

export const REQUIREMENT_REASONS: Record<Requirement, string> = {
  apiKey: 'needs an API key (--api-key or PETSTORE_API_KEY)',
  pendingOrderId: `opt-in: cancels an order; ${GIVE} --pending-order-id to run it`,
  shippedOrderId: `opt-in: tries to cancel an order; ${GIVE} --shipped-order-id to run it`,
  orderId: `opt-in: sends refused requests for an order of its own; ${GIVE} --pending-order-id or --shipped-order-id`,
  undocumentedMethods: `opt-in: sends an undocumented method with a valid key; runs when the run has orders (${GIVE} an order id)`,
};

/**
 * The orders each requirement consumes (conformance/orders/slots.ts): what a setup is asked for. The refused
 * requests need a pending order of their own and read the shipped order's refusal too.
 */
export const REQUIREMENT_SLOTS: Readonly<Partial<Record<Requirement, readonly Slot[]>>> = {
  pendingOrderId: ['cancel'],
  shippedOrderId: ['conflict'],
  orderId: ['refusals', 'conflict'],
};

/** A check is data: id, severity, title, reference, and a function that returns what it observed or throws. */
export interface Check extends CheckInfo {
  requires?: Requirement[];
  run(ctx: CheckContext): Promise<string>;
}

export interface Registry {
  readonly checks: readonly Check[];
  /** The checks to run, in registry order; unknown ids in only/skip are an error. */
  select(only: readonly string[], skip: readonly string[]): Check[];
}

export function createRegistry(checks: readonly Check[]): Registry {
  const ids = new Set<string>();
  for (const check of checks) {
    if (ids.has(check.id)) throw new Error(`duplicate check id: ${check.id}`);
    ids.add(check.id);
  }
  return {
    checks,
    select(only, skip) {
      const unknown = [...only, ...skip].filter((id) => !ids.has(id));
      if (unknown.length > 0) throw new UnknownCheckError(unknown);
      return checks.filter((c) => (only.length === 0 || only.includes(c.id)) && !skip.includes(c.id));
    },
  };
}

export class UnknownCheckError extends Error {
  override name = 'UnknownCheckError';
  constructor(readonly ids: string[]) {
    super(`unknown check id: ${ids.join(', ')} (see --list)`);
  }
}
