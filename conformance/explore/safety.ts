import type { Spec } from '../contract/spec.ts';
import { joinUrl } from '../http/client.ts';
import { gateRefusal } from '../orders/gate.ts';
import { type ExploreRequest, pathOf } from './request.ts';

export { isOrderItemPath, mayChangeState, needsProof, READS, SAFE_METHODS } from '../orders/gate.ts';

/** Never sent: CONNECT opens a tunnel; fetch refuses TRACE and TRACK. */
export const NEVER_SENT = ['CONNECT', 'TRACE', 'TRACK'];

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
 * the generators meant: a path the URL parser would rewrite is never sent, and the rest goes through the one
 * gate the fixed checks' DELETEs pass too (conformance/orders/gate.ts): a state-changing method goes only to an
 * order's path; there, every method but GET goes without a query and with ids whose every lenient reading is
 * proven absent (or, with --allow-writes, one of the ids given; only those for writes other than DELETE).
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
  return gateRefusal(request.method, request, ctx);
}
