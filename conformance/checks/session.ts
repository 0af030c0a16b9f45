import { type ListedOrder, listedOrdersFromJson } from '../contract/raw-json.ts';
import type { Operation, Spec } from '../contract/spec.ts';
import type { HttpClient } from '../http/client.ts';
import type { Exchange, RequestSpec } from '../http/exchange.ts';
import type { TraceIds } from '../http/trace.ts';
import { NO_ORDERS, type RunOrders } from '../orders/allocation.ts';
import { gateRefusal, HARMLESS_QUERY, mayChangeState, needsProof, templateOf } from '../orders/gate.ts';
import { absentRange } from '../orders/readings.ts';
import { Skip } from '../rules/outcome.ts';
import type { ResolvedOptions } from '../run/options.ts';

/** What a check sees: the options, the spec, and memoised requests shared by every check of the run. */
export interface CheckContext {
  readonly options: ResolvedOptions;
  readonly spec: Spec;
  /** The orders the run may change, by the story they serve (conformance/orders/slots.ts). */
  readonly orders: RunOrders;
  /**
   * Sends the request once per run under `key`; later calls get the same exchange. A `support` request
   * (e.g. the list read to prove an id absent) is not counted among the check's own exchanges. A request that
   * may change state goes through the one gate first (conformance/orders/gate.ts): it is sent only to an
   * order's path, with an id proven absent or one of the run's orders; otherwise the check is skipped.
   */
  send(key: string, request: RequestSpec, role?: 'subject' | 'support'): Promise<Exchange>;
  /** Every exchange of the run so far. */
  seen(): readonly Exchange[];
  /** The order list's objects, read from its raw text; skips the check when the list cannot be read. */
  listedOrders(): Promise<ListedOrder[]>;
  /** The credential the run sends now (a token is fetched, or fetched again, when needed); none without one. */
  currentCredential(): Promise<string | undefined>;
  /** Ids of the order list (canonical when integers). */
  listedIds(): Promise<string[]>;
  /** An order id proven absent from the full list under every lenient reading. */
  absentOrderId(): Promise<string>;
  /** The operation's path with its parameters filled (order ids proven absent, the pet id from the options). */
  pathFor(operation: Operation): Promise<string>;
}

/** One run's shared state; the runner starts a check with begin() and collects its exchanges with end(). */
export class Session implements CheckContext {
  private readonly memo = new Map<string, Promise<Exchange>>();
  private readonly all: Exchange[] = [];
  private used = new Set<Exchange>();
  private traceId: string | undefined;

  constructor(
    readonly options: ResolvedOptions,
    readonly spec: Spec,
    private readonly client: HttpClient,
    private readonly traceIds?: TraceIds,
    readonly orders: RunOrders = NO_ORDERS,
  ) {}

  /** Starts a check: its requests share a fresh trace id, which it returns. */
  begin(): string | undefined {
    this.used = new Set();
    this.traceId = this.traceIds?.trace();
    return this.traceId;
  }

  end(): Exchange[] {
    return [...this.used].sort((a, b) => a.seq - b.seq);
  }

  async send(key: string, request: RequestSpec, role: 'subject' | 'support' = 'subject'): Promise<Exchange> {
    let pending = this.memo.get(key);
    if (!pending) {
      await this.gate(request);
      const traced = this.traceId === undefined ? request : { ...request, traceId: this.traceId };
      pending = this.client.send(traced).then((exchange) => {
        this.all.push(exchange);
        return exchange;
      });
      this.memo.set(key, pending);
    }
    const exchange = await pending;
    if (role === 'subject') this.used.add(exchange);
    return exchange;
  }

  seen(): readonly Exchange[] {
    return this.all;
  }

  async currentCredential(): Promise<string | undefined> {
    return this.options.credential?.current();
  }

  async listedIds(): Promise<string[]> {
    return (await this.listedOrders()).map((order) => order.id);
  }

  async listedOrders(): Promise<ListedOrder[]> {
    if (!this.options.credential) throw new Skip('reading the order list needs an API key');
    const list = await this.send(
      'list',
      { method: 'GET', path: '/store/orders', auth: 'valid', operationId: 'listOrders' },
      'support',
    );
    const reason = !list.response
      ? list.error
      : list.response.status !== 200
        ? `it answered ${list.response.status}`
        : list.response.truncated
          ? 'it is larger than the body limit'
          : list.response.interrupted;
    const orders = reason === undefined ? listedOrdersFromJson(list.response?.body ?? '') : undefined;
    if (!orders) throw new Skip(`the order list could not be read (${reason ?? 'not a JSON array'})`);
    return orders;
  }

  async absentOrderId(): Promise<string> {
    const range = absentRange(await this.listedIds());
    if (!range.ok) throw new Skip(`no order id is proven absent: ${range.reason}`);
    return range.lo.toString();
  }

  /** Throws Skip unless the gate lets this request go (an order's path only, ids proven absent or the run's). */
  private async gate(request: RequestSpec): Promise<void> {
    // The 405 check's undocumented method on the collection: the one write elsewhere, opted in with orders.
    if (request.purpose === 'undocumented-method' && this.options.undocumentedMethods) return;
    const at = request.path.indexOf('?');
    const bare = at < 0 ? request.path : request.path.slice(0, at);
    // The auth probes' fixed query names nothing; any other query keeps a write from being sent.
    const query = at < 0 || request.path.slice(at + 1) === HARMLESS_QUERY ? '' : request.path.slice(at);
    const target = templateOf(this.spec, bare);
    if (target === undefined) {
      if (!mayChangeState(request.method) && !request.stateChanging) return;
      throw new Skip(`not sent: ${request.method} ${request.path} could change state`);
    }
    if (!needsProof(this.spec, request.method, target.template)) return;
    const refused = gateRefusal(
      request.method,
      { ...target, query },
      { spec: this.spec, listedIds: await this.listedIds(), writableIds: this.orders.writable },
    );
    if (refused) throw new Skip(`not sent: ${refused}`);
  }

  async pathFor(operation: Operation): Promise<string> {
    let path = operation.path;
    for (const name of operation.pathParams) {
      const value =
        name === 'orderId' ? await this.absentOrderId() : name === 'petId' ? this.options.petId : undefined;
      if (value === undefined) throw new Skip(`no value known for path parameter ${name}`);
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    }
    return path;
  }
}
