import type { Operation } from '../contract/spec.ts';
import type { AuthMode, Exchange } from '../http/exchange.ts';
import type { NearMiss } from '../http/near-miss.ts';
import { HARMLESS_QUERY } from '../orders/gate.ts';
import { Skip } from '../rules/outcome.ts';
import { cancelAbsent, LIST } from './cancels.ts';
import type { CheckContext } from './session.ts';

// The requests checks share (the cancels are in cancels.ts). Each has a fixed key, so a request several checks read is sent once per run.

export const AUTH_FAILURE_MODES = ['none', 'wrong', 'non-bearer'] as const;
export const AUTH_VARIANTS = ['query', 'unknown-pet'] as const;
export const MALFORMED_ID = 'not-a-number';

export const listOrders = (ctx: CheckContext): Promise<Exchange> => ctx.send('list', LIST);

/**
 * HEAD of the list, read on the wire (the bytes after its head are the point). It names no operation: the
 * spec documents GET, so no rule about the list's or an Error's body reads its empty answer.
 */
export const headOfList = (ctx: CheckContext, auth: 'none' | 'valid'): Promise<Exchange> =>
  ctx.send(`head:${auth}`, { method: 'HEAD', path: LIST.path, auth, onWire: true });

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

/**
 * Where a hurried server skips authentication, so the missing and the wrong key are sent there too: with a
 * harmless query string, and with a pet id that names no pet (a lookup answering 404 before authenticating).
 */
export type AuthVariant = 'query' | 'unknown-pet';
/** A pet id no deployment is expected to have; without a key its answer is 401 whichever pet it names. */
export const UNKNOWN_PET_ID = '9223372036854775806';

/** The path of an auth probe: the operation's own, or one of its variants; undefined when it has none. */
async function probePath(
  ctx: CheckContext,
  operation: Operation,
  variant: AuthVariant | undefined,
): Promise<string | undefined> {
  if (variant === 'unknown-pet') {
    if (!operation.pathParams.includes('petId') || operation.pathParams.length > 1) return undefined;
    return operation.path.replace('{petId}', UNKNOWN_PET_ID);
  }
  const path = await ctx.pathFor(operation);
  return variant === 'query' ? `${path}?${HARMLESS_QUERY}` : path;
}

/** Each operation of the spec, with credentials missing, wrong or under another scheme. */
export async function authProbe(
  ctx: CheckContext,
  operation: Operation,
  mode: AuthMode,
  variant?: AuthVariant,
): Promise<AuthProbe> {
  const unsafe = unsafeToProbe(operation);
  if (unsafe) return { operation, skipped: unsafe };
  try {
    const path = await probePath(ctx, operation, variant);
    if (path === undefined) return { operation, skipped: `no ${variant} variant` };
    const exchange = await ctx.send(`auth:${operation.operationId}:${mode}${variant ? `:${variant}` : ''}`, {
      method: operation.method,
      path,
      auth: mode,
      operationId: operation.operationId,
    });
    return { operation, exchange };
  } catch (error) {
    if (error instanceof Skip) return { operation, skipped: error.message };
    throw error;
  }
}

/** Each operation with each mode, and with each variant given (variants an operation has not are left out). */
export async function allAuthProbes(
  ctx: CheckContext,
  modes: readonly AuthMode[],
  variants: readonly AuthVariant[] = [],
): Promise<AuthProbe[]> {
  const probes: AuthProbe[] = [];
  for (const operation of ctx.spec.operations) {
    for (const mode of modes) {
      probes.push(await authProbe(ctx, operation, mode));
      for (const variant of variants) {
        const probe = await authProbe(ctx, operation, mode, variant);
        if (probe.exchange) probes.push(probe);
      }
    }
  }
  return probes;
}

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

/**
 * Operations with path parameters, called with a non-integer id. It names no order on a correct server; a
 * lenient one may read it as 0 (Go's ignored Atoi error), so a DELETE of it goes through the gate like any
 * other: not sent when order 0 is listed, nor without the list. Throws Skip when none was sent.
 */
export async function malformedIdProbes(ctx: CheckContext): Promise<{ sent: Exchange[]; notSent: string[] }> {
  const sent: Exchange[] = [];
  const notSent: string[] = [];
  for (const operation of ctx.spec.operations.filter((o) => o.pathParams.length > 0 && !unsafeToProbe(o))) {
    let path = operation.path;
    for (const name of operation.pathParams) path = path.replace(`{${name}}`, MALFORMED_ID);
    try {
      sent.push(
        await ctx.send(`malformed:${operation.operationId}`, {
          method: operation.method,
          path,
          auth: 'valid',
          operationId: operation.operationId,
          purpose: 'malformed-id',
        }),
      );
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      notSent.push(`${operation.method} ${path}: ${error.message}`);
    }
  }
  if (sent.length === 0) throw new Skip(notSent.join('; '));
  return { sent, notSent };
}

/** The requests every aggregate check reads, so such a check still has material when run alone. */
export async function baseline(ctx: CheckContext): Promise<void> {
  await allAuthProbes(ctx, AUTH_FAILURE_MODES);
  await allAuthProbes(ctx, ['none', 'wrong'], AUTH_VARIANTS);
  if (!ctx.options.credential) return;
  await listOrders(ctx);
  await cancelAbsent(ctx).catch((error: unknown) => {
    if (!(error instanceof Skip)) throw error;
  });
}
