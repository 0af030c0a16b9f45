import type { CheckInfo } from '../rules/rule.ts';
import type { CheckContext } from './session.ts';

/** What a check needs before it may run; the first one missing is the stated reason for skipping it. */
export type Requirement = 'apiKey' | 'pendingOrderId' | 'shippedOrderId' | 'orderId' | 'undocumentedMethods';

export const REQUIREMENT_REASONS: Record<Requirement, string> = {
  apiKey: 'needs an API key (--api-key or PETSTORE_API_KEY)',
  pendingOrderId: 'opt-in: cancels an order; pass --pending-order-id to run it',
  shippedOrderId: 'opt-in: tries to cancel an order; pass --shipped-order-id to run it',
  orderId: 'opt-in: sends refused requests for a given order; pass --pending-order-id or --shipped-order-id',
  undocumentedMethods:
    'opt-in: sends an undocumented method with a valid key; runs when --pending-order-id or --shipped-order-id is given',
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
