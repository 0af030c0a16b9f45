import { hash } from 'node:crypto';
import { listedOrdersFromJson } from '../contract/raw-json.ts';
import type { RuleId } from '../rules/catalogue.ts';
import { cite, judgeCancel, judgeList, refusedEverywhere } from './state-verdicts.ts';
import { createTrafficModel, fingerprint, listingOf, MODEL_LIMITS, type Step } from './traffic-model.ts';

// Grading across exchanges: what the spec's state machine requires of a sequence of answers, judged from what
// the traffic proved and nothing else. An order the client never saw listed, a list read while a cancel was
// in flight, a window in which something outside the spec wrote: none of these is judged.

/** One graded exchange as the stateful grader reads it. */
export interface Traffic {
  step: Step;
  method: string;
  /** listOrders or cancelOrder (undefined: no operation of the spec). */
  operationId: string | undefined;
  /** The order id of a cancel, canonical; undefined when malformed. */
  orderId?: string;
  /** The request carried a query string: a list with one may be filtered, so it is no full list. */
  query: boolean;
  status: number;
  /** The list's body as graded; undefined when it was not graded (too large, cut, undecodable). */
  body?: string;
  authorization: string | undefined;
  /** The `X-Mock-Session` it was sent with, if any. */
  session: string | undefined;
}

export interface StateFinding {
  rule: RuleId;
  message: string;
  /** The exchanges it rests on, this one last. */
  cites: Step[];
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** What the model keys by: a short digest, so that a long header costs no memory and a secret is never held. */
const digest = (text: string): string => hash('sha256', text, 'base64url').slice(0, 22);

/** A credential as the model keys it, the scheme's case folded (RFC 9110 §11.1). */
const credentialKey = (authorization: string | undefined): string =>
  digest(
    (authorization ?? '').trim().replace(/^(\S+)\s+/, (_, scheme: string) => `${scheme.toLowerCase()} `),
  );

export function createStatefulGrader(limits = MODEL_LIMITS) {
  const model = createTrafficModel(limits);
  /**
   * The orders of the last list read, by its body: a client that lists again and again mostly reads the same
   * bytes, and the same bytes have the same ids and fingerprints (the maps are never changed once made).
   */
  let lastList: { body: string; orders: ReadonlyMap<string, string> } | undefined;
  const ordersOf = (body: string): ReadonlyMap<string, string> | undefined => {
    if (lastList?.body === body) return lastList.orders;
    const listed = listedOrdersFromJson(body);
    if (!listed) return undefined;
    const orders = new Map(listed.map((order) => [order.id, fingerprint(order.raw)]));
    lastList = { body, orders };
    return orders;
  };

  function grade(traffic: Traffic): { applied: RuleId[]; findings: StateFinding[] } {
    const { step, operationId, status } = traffic;
    model.at(step.ended);
    const applied = new Set<RuleId>();
    const findings: StateFinding[] = [];
    const found = (rule: RuleId, message: string, cites: Step[]) => {
      applied.add(rule);
      findings.push({ rule, message: `${cite(step)}: ${message}`, cites: [...cites, step] });
    };
    const sessionKey = traffic.session === undefined ? '' : digest(traffic.session);
    const session = model.session(sessionKey);
    if (operationId === undefined) {
      // A write the spec does not know (a POST that places an order, say) may add or remove orders.
      if (!SAFE_METHODS.includes(traffic.method)) session.lastWriteEnded = step.ended;
      return { applied: [], findings: [] };
    }
    const credential = credentialKey(traffic.authorization);
    if (operationId === 'listOrders' && status === 200 && !traffic.query && traffic.body !== undefined) {
      const orders = ordersOf(traffic.body);
      if (orders) {
        const scope = model.scope(sessionKey, credential);
        const listing = listingOf(step, orders);
        judgeList(scope, listing, found, applied);
        model.keepList(scope, listing);
      }
    }
    const id = traffic.orderId;
    if (operationId === 'cancelOrder' && id !== undefined) {
      if (status === 401) refusedEverywhere(session, id, step);
      else if ([204, 404, 409].includes(status))
        judgeCancel(model.scope(sessionKey, credential), id, step, status, found, applied);
    }
    return { applied: [...applied], findings };
  }

  return { grade, size: () => model.size() };
}

export type StatefulGrader = ReturnType<typeof createStatefulGrader>;
