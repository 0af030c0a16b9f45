import { type ListedOrder, listedOrdersFromJson, pickAbsentId } from '../contract/raw-json.ts';
import type { Operation, Spec } from '../contract/spec.ts';
import type { HttpClient } from '../http/client.ts';
import type { Exchange, RequestSpec } from '../http/exchange.ts';
import { Skip } from '../rules/outcome.ts';
import type { ResolvedOptions } from '../run/options.ts';

/** What a check sees: the options, the spec, and memoised requests shared by every check of the run. */
export interface CheckContext {
  readonly options: ResolvedOptions;
  readonly spec: Spec;
  /**
   * Sends the request once per run under `key`; later calls get the same exchange. A `support` request
   * (e.g. the list read to prove an id absent) is not counted among the check's own exchanges.
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
  /** An order id proven absent from the full list. */
  absentOrderId(): Promise<string>;
  /** The operation's path with its parameters filled (order ids proven absent, the pet id from the options). */
  pathFor(operation: Operation): Promise<string>;
}

/** One run's shared state; the runner starts a check with begin() and collects its exchanges with end(). */
export class Session implements CheckContext {
  private readonly memo = new Map<string, Promise<Exchange>>();
  private readonly all: Exchange[] = [];
  private used = new Set<Exchange>();

  constructor(
    readonly options: ResolvedOptions,
    readonly spec: Spec,
    private readonly client: HttpClient,
  ) {}

  begin(): void {
    this.used = new Set();
  }

  end(): Exchange[] {
    return [...this.used].sort((a, b) => a.seq - b.seq);
  }

  async send(key: string, request: RequestSpec, role: 'subject' | 'support' = 'subject'): Promise<Exchange> {
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.client.send(request).then((exchange) => {
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
    const id = pickAbsentId(await this.listedIds());
    if (id === undefined)
      throw new Skip('no id above the largest listed order id fits in int64, so none is proven absent');
    return id;
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
