import { randomInt } from 'node:crypto';
import { UsageError } from '../run/usage-error.ts';

/** `explore` of runConformance(): true, or the seed, the request budget and the write opt-in. */
export interface ExploreInput {
  /** Same seed, same server → same requests in the same order. Default: a random seed (printed). */
  seed?: number;
  /** Requests sent at most, shrinking included (default 500). */
  maxRequests?: number;
  /** Lets DELETEs (and undefined methods) reach the order ids given as pendingOrderId/shippedOrderId. */
  allowWrites?: boolean;
}

export interface ExploreSettings {
  seed: number;
  maxRequests: number;
  allowWrites: boolean;
}

const MAX_SEED = 2 ** 31 - 1;

/** Validates the exploration options; undefined when exploration is off. Throws a UsageError. */
export function resolveExplore(input: {
  explore?: boolean | ExploreInput;
  pendingOrderId?: string;
  shippedOrderId?: string;
  /** Orders are given: ids, a setup command or a state URL. */
  hasOrders?: boolean;
  only?: string[];
  skip?: string[];
}): ExploreSettings | undefined {
  if (!input.explore) return undefined;
  const given = input.explore === true ? {} : input.explore;
  const seed = given.seed ?? randomInt(0, MAX_SEED);
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new UsageError(`seed must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
  const maxRequests = given.maxRequests ?? 500;
  if (!Number.isInteger(maxRequests) || maxRequests < 1 || maxRequests > 1_000_000)
    throw new UsageError(`max requests must be an integer from 1 to 1000000, got ${maxRequests}`);
  const allowWrites = given.allowWrites ?? false;
  const hasOrders = input.hasOrders ?? (input.pendingOrderId ?? input.shippedOrderId) !== undefined;
  if (allowWrites && !hasOrders)
    throw new UsageError(
      '--allow-writes needs the orders it may write to: --pending-order-id, --shipped-order-id, --setup or --state-url',
    );
  if (!allowWrites && hasOrders && input.pendingOrderId === undefined && input.shippedOrderId === undefined)
    throw new UsageError(
      'exploration changes no order without --allow-writes: --setup and --state-url have nothing to give it',
    );
  if ((input.only?.length ?? 0) > 0 || (input.skip?.length ?? 0) > 0)
    throw new UsageError('--only and --skip select fixed checks; exploration runs its own (explore.*)');
  return { seed, maxRequests, allowWrites };
}
