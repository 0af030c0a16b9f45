import type { Spec } from '../contract/spec.ts';
import { provablyAbsent, readsOnlyAs } from './readings.ts';

// The one gate every request that could change an order passes just before it is sent, the fixed checks'
// DELETEs and exploration's generated requests alike: an order's path only, with ids proven absent or given.

/** Methods HTTP defines as safe (RFC 9110 §9.2.1; WebDAV PROPFIND, REPORT, SEARCH; QUERY). */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT', 'SEARCH', 'QUERY'];

export const mayChangeState = (method: string): boolean => !SAFE_METHODS.includes(method);

/**
 * The only method sent to an order's path with any id: a server that routes every other method to its cancel
 * handler (`if (method !== 'GET') cancel()`) must still cancel nothing, so even HEAD needs the proof there.
 */
export const READS = ['GET'];

/** A path whose only parameters are order ids: the one place a DELETE may go (`cancelOrder`'s path). */
export const isOrderItemPath = (spec: Spec, template: string): boolean => {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return (
    names.length > 0 && names.every((n) => n === 'orderId') && spec.methodsFor(template).includes('DELETE')
  );
};

/** True when a request with this method to this path template needs its ids proven first. */
export const needsProof = (spec: Spec, method: string, template: string): boolean =>
  isOrderItemPath(spec, template) ? !READS.includes(method) : mayChangeState(method);

/** The spec's path template a concrete path (below the base URL, no query) falls under, with its segments. */
export function templateOf(
  spec: Spec,
  path: string,
): { template: string; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const template of new Set(spec.operations.map((o) => o.path))) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, i) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part === segments[i];
      params[name] = segments[i] ?? '';
      return true;
    });
    if (fits) return { template, params };
  }
  return undefined;
}

/**
 * The one query a write may carry: the auth probes repeat their refused requests with it (a server that skips
 * authentication when a query is present). It names nothing a lenient server could read as an order.
 */
export const HARMLESS_QUERY = 'conformance=probe';

export interface GateContext {
  spec: Spec;
  /** The listed ids; undefined when the list was not read (then nothing that needs the proof is sent). */
  listedIds?: readonly string[];
  /** The orders the run was given (by the user, a setup command or a state URL): the only ones it may change. */
  writableIds: readonly string[];
}

/**
 * Why a request must not be sent to this path, or undefined. On an order's path, every method but GET goes
 * without a query and with ids whose every lenient reading is proven absent or one of the run's orders (for a
 * write other than DELETE: one of the run's orders, since a PUT could create what is absent); anywhere else a
 * method that may change state is never sent.
 */
export function gateRefusal(
  method: string,
  target: { template: string; params: Record<string, string>; query: string },
  ctx: GateContext,
): string | undefined {
  const path = Object.entries(target.params).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    target.template,
  );
  if (!needsProof(ctx.spec, method, target.template)) return undefined;
  const segments = Object.values(target.params);
  if (!isOrderItemPath(ctx.spec, target.template) || target.query !== '' || segments.includes(''))
    return `${method} ${path}${target.query} could change state`;
  if (!ctx.listedIds) return `${method} ${path}: the order list was not read`;
  const listed = ctx.listedIds;
  const proven =
    method === 'DELETE' || !mayChangeState(method)
      ? segments.every((s) => provablyAbsent(s, listed, ctx.writableIds))
      : segments.every((s) => readsOnlyAs(s, listed, ctx.writableIds));
  return proven ? undefined : `${method} ${path} could touch an order that is not proven absent`;
}
