import { listContainsId, orderIdsFromJson } from '../contract/raw-json.ts';
import type { AuthMode, Exchange, RequestSpec } from '../http/exchange.ts';
import { Skip } from '../rules/outcome.ts';
import type { CheckContext } from './session.ts';

// The DELETEs of orders: of an id proven absent (safe), and the opt-in ones of the run's orders (given by the
// user, a setup command or a state URL), in the order the state machine checks need (refusals first, then the
// cancel, then a second cancel and the list). Each story has its order (ctx.orders.bySlot).

/** The order list, read with the key. */
export const LIST = {
  method: 'GET',
  path: '/store/orders',
  auth: 'valid',
  operationId: 'listOrders',
} as const;

/** The list read again after the refused requests, before any order is cancelled. */
export const listAfterRefusals = (
  ctx: CheckContext,
  role: 'subject' | 'support' = 'subject',
): Promise<Exchange> => ctx.send('list:after-refusals', LIST, role);

/** The list read after the pending order was cancelled (and cancelled again). */
export const listAfterCancel = (ctx: CheckContext): Promise<Exchange> => ctx.send('list:after-cancel', LIST);

export async function cancelAbsent(ctx: CheckContext): Promise<Exchange> {
  const id = await ctx.absentOrderId();
  return ctx.send('cancel:absent', cancel(id, false));
}

/**
 * Opt-in: the only requests of a run that may change state. The order must be listed first, so a stale id
 * (an order cancelled by an earlier run) is skipped with a reason rather than graded.
 */
async function sendForListed(
  ctx: CheckContext,
  key: string,
  request: RequestSpec,
  id: string,
  role: 'subject' | 'support' = 'subject',
): Promise<Exchange> {
  if (!listContainsId(await ctx.listedIds(), id)) {
    throw new Skip(
      `order ${id} is not in the order list; give an order that is listed (a fresh one each run)`,
    );
  }
  return ctx.send(key, request, role);
}

/** A refused request that could change state, sent twice around a second read of the list. */
export interface Refusal {
  id: string;
  first: Exchange;
  again: Exchange;
}

/**
 * The requests a correct server refuses with the run's orders, in this order: the `refusals` order's cancel
 * without a key and with a wrong key, the shipped order's cancel (409); then the list again; then each refused
 * request once more. Runs before the pending order is cancelled; nothing here is sent in safe mode. The
 * cancel checks run it as `support` first (the refusals may use their order), so only the refusal check
 * counts these exchanges (and the orders they name) as its own.
 */
export async function refusals(
  ctx: CheckContext,
  role: 'subject' | 'support' = 'subject',
): Promise<Refusal[]> {
  const { refusals: pending, conflict: shipped } = ctx.orders.bySlot;
  const planned: Array<{ id: string; key: string; request: RequestSpec }> = [];
  if (pending !== undefined) {
    for (const auth of ['none', 'wrong'] as const)
      planned.push({ id: pending, key: `refuse:pending:${auth}`, request: cancel(pending, true, auth) });
  }
  if (shipped !== undefined)
    planned.push({ id: shipped, key: 'cancel:shipped', request: cancel(shipped, true) });
  const sent: Array<{ id: string; key: string; request: RequestSpec; first: Exchange }> = [];
  for (const plan of planned) {
    const first = await sendForListed(ctx, plan.key, plan.request, plan.id, role).catch((error: unknown) => {
      if (error instanceof Skip) return undefined;
      throw error;
    });
    if (first) sent.push({ ...plan, first });
  }
  if (sent.length > 0) await listAfterRefusals(ctx, role);
  const done: Refusal[] = [];
  for (const { id, key, request, first } of sent)
    done.push({ id, first, again: await ctx.send(`${key}:again`, request, role) });
  return done;
}

/** Cancels the `cancel` order (after the refusals, which may have used the same order). */
export async function cancelPending(ctx: CheckContext): Promise<Exchange> {
  await refusals(ctx, 'support');
  const id = ctx.orders.bySlot.cancel ?? '';
  return sendForListed(ctx, 'cancel:pending', cancel(id, true), id);
}

/** Tries to cancel the shipped order (part of the refusals). */
export async function cancelShipped(ctx: CheckContext): Promise<Exchange> {
  await refusals(ctx, 'support');
  const id = ctx.orders.bySlot.conflict ?? '';
  return sendForListed(ctx, 'cancel:shipped', cancel(id, true), id);
}

/** What follows the pending order's cancel: a second cancel, then the list; `listed` when it is readable. */
export interface AfterCancel {
  id: string;
  cancel: Exchange;
  again: Exchange;
  list: Exchange;
  listed?: boolean;
}

export async function afterCancel(ctx: CheckContext): Promise<AfterCancel> {
  const id = ctx.orders.bySlot.cancel ?? '';
  const first = await cancelPending(ctx);
  const again = await ctx.send('cancel:pending:again', cancel(id, true));
  const list = await listAfterCancel(ctx);
  const ids = list.response?.status === 200 ? orderIdsFromJson(list.response.body) : undefined;
  return { id, cancel: first, again, list, listed: ids && listContainsId(ids, id) };
}

const cancel = (id: string, stateChanging: boolean, auth: AuthMode = 'valid'): RequestSpec => ({
  method: 'DELETE',
  path: `/store/orders/${encodeURIComponent(id)}`,
  auth,
  operationId: 'cancelOrder',
  stateChanging,
  // A 204 has no content: read on the wire, bytes a server sends behind it are seen.
  onWire: true,
});
