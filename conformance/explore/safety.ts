import type { Spec } from '../contract/spec.ts';
import { joinUrl } from '../http/client.ts';
import { provablyAbsent, readsOnlyAs } from './readings.ts';
import { type ExploreRequest, pathOf } from './request.ts';

/** Methods HTTP defines as safe (RFC 9110 §9.2.1; WebDAV PROPFIND, REPORT, SEARCH; QUERY). */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT', 'SEARCH', 'QUERY'];
/** Never sent: CONNECT opens a tunnel; fetch refuses TRACE and TRACK. */
export const NEVER_SENT = ['CONNECT', 'TRACE', 'TRACK'];

export const mayChangeState = (method: string): boolean => !SAFE_METHODS.includes(method);

/** The only methods sent to an order's path with any id: a server that routes every other method to its
 * cancel handler (`if (method !== 'GET') cancel()`) must still cancel nothing. */
export const READS = ['GET', 'HEAD'];

/** True when the request needs its ids proven absent (or, with --allow-writes, yours) before it is sent. */
export const needsProof = (spec: Spec, request: Pick<ExploreRequest, 'method' | 'template'>): boolean =>
  isOrderItemPath(spec, request.template) ? !READS.includes(request.method) : mayChangeState(request.method);

/** A path whose only parameters are order ids: the one place a DELETE may go (`cancelOrder`'s path). */
export const isOrderItemPath = (spec: Spec, template: string): boolean => {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return (
    names.length > 0 && names.every((n) => n === 'orderId') && spec.methodsFor(template).includes('DELETE')
  );
};

export interface SafetyContext {
  spec: Spec;
  baseUrl: string;
  /** The listed ids; undefined when the list was not read (then nothing that may change state is sent). */
  listedIds?: readonly string[];
  /** The ids the user gave, with --allow-writes; empty otherwise. */
  writableIds: readonly string[];
}

/**
 * Why the request must not be sent, or undefined. Checked on every request just before it is sent, whatever
 * the generators meant: a state-changing method goes only to an order's path; there, every method but GET and
 * HEAD goes without a query and with ids whose every lenient reading is proven absent (or, with
 * --allow-writes, one of the ids given; only those for writes other than DELETE).
 */
export function refusal(request: ExploreRequest, ctx: SafetyContext): string | undefined {
  const path = pathOf(request);
  if (NEVER_SENT.includes(request.method)) return `${request.method} is never sent`;
  let url: URL;
  try {
    url = new URL(joinUrl(ctx.baseUrl, path));
  } catch {
    return `${path} is not a valid URL path`;
  }
  const sent = url.pathname + url.search;
  if (sent !== new URL(ctx.baseUrl).pathname.replace(/\/+$/, '') + path)
    return `the URL parser rewrites ${path} as ${sent}`;
  if (!needsProof(ctx.spec, request)) return undefined;
  const segments = Object.values(request.params);
  if (!isOrderItemPath(ctx.spec, request.template) || request.query !== '' || segments.includes(''))
    return `${request.method} ${path} could change state`;
  if (!ctx.listedIds) return `${request.method} ${path}: the order list was not read`;
  const listed = ctx.listedIds;
  const proven =
    request.method === 'DELETE' || !mayChangeState(request.method)
      ? segments.every((s) => provablyAbsent(s, listed, ctx.writableIds))
      : segments.every((s) => readsOnlyAs(s, listed, ctx.writableIds));
  return proven ? undefined : `${request.method} ${path} could touch an order that is not proven absent`;
}
