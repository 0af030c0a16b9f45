import type { NearMiss } from '../near-miss.ts';
import { listContainsId, orderIdsFromJson } from '../raw-json.ts';
import { Skip } from '../registry.ts';
import type { CheckContext } from '../session.ts';
import type { Operation } from '../spec.ts';
import type { AuthMode, Exchange, RequestSpec } from '../types.ts';

// The requests checks share. Each has a fixed key, so a request several checks read is sent once per run.

export const AUTH_FAILURE_MODES = ['none', 'wrong', 'non-bearer'] as const;
export const MALFORMED_ID = 'not-a-number';

const LIST = { method: 'GET', path: '/store/orders', auth: 'valid', operationId: 'listOrders' } as const;

export const listOrders = (ctx: CheckContext): Promise<Exchange> => ctx.send('list', LIST);

/** The list read again after the refused requests, before any order is cancelled. */
export const listAfterRefusals = (ctx: CheckContext): Promise<Exchange> =>
  ctx.send('list:after-refusals', LIST);

/** The list read after the pending order was cancelled (and cancelled again). */
export const listAfterCancel = (ctx: CheckContext): Promise<Exchange> => ctx.send('list:after-cancel', LIST);

/** The list read with a near miss of the key instead of the key. */
export const listWithNearMiss = (ctx: CheckContext, nearMiss: NearMiss): Promise<Exchange> =>
  ctx.send(`list:near-miss:${nearMiss}`, { ...LIST, auth: 'near-miss', nearMiss });

export interface AuthProbe {
  operation: Operation;
  exchange?: Exchange;
  /** Why the operation was not probed (e.g. no id can be proven absent without a key). */
  skipped?: string;
}

/**
 * Why sending this operation could change state on a server that ignores credentials or ids, or undefined
 * when it cannot: reads, and DELETEs whose only parameter is an order id (proven absent or malformed).
 * Guards the safe mode should the spec gain a POST or a DELETE of another resource.
 */
export function unsafeToProbe(operation: Operation): string | undefined {
  if (operation.method === 'GET' || operation.method === 'HEAD') return undefined;
  const onlyOrderIds = operation.pathParams.length > 0 && operation.pathParams.every((p) => p === 'orderId');
  if (operation.method === 'DELETE' && onlyOrderIds) return undefined;
  return `${operation.method} ${operation.path} is not sent: it could change state on a faulty server`;
}

/** Each operation of the spec, with credentials missing, wrong or under another scheme. */
export async function authProbe(ctx: CheckContext, operation: Operation, mode: AuthMode): Promise<AuthProbe> {
  const unsafe = unsafeToProbe(operation);
  if (unsafe) return { operation, skipped: unsafe };
  let path: string;
  try {
    path = await ctx.pathFor(operation);
  } catch (error) {
    if (error instanceof Skip) return { operation, skipped: error.message };
    throw error;
  }
  const exchange = await ctx.send(`auth:${operation.operationId}:${mode}`, {
    method: operation.method,
    path,
    auth: mode,
    operationId: operation.operationId,
  });
  return { operation, exchange };
}

export async function allAuthProbes(ctx: CheckContext, modes: readonly AuthMode[]): Promise<AuthProbe[]> {
  const probes: AuthProbe[] = [];
  for (const operation of ctx.spec.operations) {
    for (const mode of modes) probes.push(await authProbe(ctx, operation, mode));
  }
  return probes;
}

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
): Promise<Exchange> {
  if (!listContainsId(await ctx.listedIds(), id)) {
    throw new Skip(
      `order ${id} is not in the order list; pass an order that is listed (a fresh one each run)`,
    );
  }
  return ctx.send(key, request);
}

/** A refused request that could change state, sent twice around a second read of the list. */
export interface Refusal {
  id: string;
  first: Exchange;
  again: Exchange;
}

/**
 * The requests a correct server refuses with the ids the user gave, in this order: the pending order's cancel
 * without a key and with a wrong key, the shipped order's cancel (409); then the list again; then each refused
 * request once more. Runs before the pending order is cancelled; nothing here is sent in safe mode.
 */
export async function refusals(ctx: CheckContext): Promise<Refusal[]> {
  const { pendingOrderId: pending, shippedOrderId: shipped } = ctx.options;
  const planned: Array<{ id: string; key: string; request: RequestSpec }> = [];
  if (pending !== undefined) {
    for (const auth of ['none', 'wrong'] as const)
      planned.push({ id: pending, key: `refuse:pending:${auth}`, request: cancel(pending, true, auth) });
  }
  if (shipped !== undefined)
    planned.push({ id: shipped, key: 'cancel:shipped', request: cancel(shipped, true) });
  const sent: Array<{ id: string; key: string; request: RequestSpec; first: Exchange }> = [];
  for (const plan of planned) {
    const first = await sendForListed(ctx, plan.key, plan.request, plan.id).catch((error: unknown) => {
      if (error instanceof Skip) return undefined;
      throw error;
    });
    if (first) sent.push({ ...plan, first });
  }
  if (sent.length > 0) await listAfterRefusals(ctx);
  const done: Refusal[] = [];
  for (const { id, key, request, first } of sent)
    done.push({ id, first, again: await ctx.send(`${key}:again`, request) });
  return done;
}

/** Cancels `--pending-order-id` (after the refusals). */
export async function cancelPending(ctx: CheckContext): Promise<Exchange> {
  await refusals(ctx);
  const id = ctx.options.pendingOrderId ?? '';
  return sendForListed(ctx, 'cancel:pending', cancel(id, true), id);
}

/** Tries to cancel `--shipped-order-id` (part of the refusals). */
export async function cancelShipped(ctx: CheckContext): Promise<Exchange> {
  await refusals(ctx);
  const id = ctx.options.shippedOrderId ?? '';
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
  const id = ctx.options.pendingOrderId ?? '';
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
});

/** The deprecated operations of the spec, each read with the valid key. */
export async function deprecatedProbes(
  ctx: CheckContext,
): Promise<Array<{ operation: Operation; exchange: Exchange }>> {
  const deprecated = ctx.spec.operations.filter((o) => o.deprecated);
  const probes = [];
  for (const operation of deprecated) {
    const path = await ctx.pathFor(operation);
    const key = `deprecated:${operation.operationId}`;
    const exchange = await ctx.send(key, {
      method: operation.method,
      path,
      auth: 'valid',
      operationId: operation.operationId,
    });
    probes.push({ operation, exchange });
  }
  return probes;
}

/** Operations with path parameters, called with a non-integer id (it names no order, so it changes nothing). */
export async function malformedIdProbes(ctx: CheckContext): Promise<Exchange[]> {
  const exchanges = [];
  for (const operation of ctx.spec.operations.filter((o) => o.pathParams.length > 0 && !unsafeToProbe(o))) {
    let path = operation.path;
    for (const name of operation.pathParams) path = path.replace(`{${name}}`, MALFORMED_ID);
    const exchange = await ctx.send(`malformed:${operation.operationId}`, {
      method: operation.method,
      path,
      auth: 'valid',
      operationId: operation.operationId,
      purpose: 'malformed-id',
    });
    exchanges.push(exchange);
  }
  return exchanges;
}

/** The requests every aggregate check reads, so such a check still has material when run alone. */
export async function baseline(ctx: CheckContext): Promise<void> {
  await allAuthProbes(ctx, AUTH_FAILURE_MODES);
  if (!ctx.options.apiKey) return;
  await listOrders(ctx);
  await cancelAbsent(ctx).catch((error: unknown) => {
    if (!(error instanceof Skip)) throw error;
  });
}
