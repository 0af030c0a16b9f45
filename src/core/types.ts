/**
 * Plain request and response shapes shared by the core and its adapters.
 * Adapters translate to and from these; the core never sees a runtime's own objects.
 */

/** Header names are lower-case. */
export type HeaderMap = Readonly<Record<string, string | undefined>>;

export interface MockRequest {
  readonly method: string;
  /** The path without the query string, still percent-encoded, e.g. `/v1/store/orders/7`. */
  readonly path: string;
  /** The raw query string without `?`; empty when there is none. */
  readonly query: string;
  readonly headers: HeaderMap;
  readonly body?: string;
}

/**
 * A serialized body. Bodies that only change with the state (the order list) are shared objects,
 * so an adapter can cache their encoded bytes per object (see src/node/listener.ts).
 */
export interface ResponseBody {
  readonly text: string;
  /**
   * The same body as bytes in parts, when it was built that way (the order lists, kept in chunks by the
   * in-memory store): an adapter may write them one after the other instead of encoding `text`.
   */
  readonly chunks?: readonly Uint8Array[];
}

export interface MockResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: ResponseBody;
  /** Set only by latency and fault rules (src/core/controls/traffic.ts): how the adapter delivers the answer. */
  readonly delivery?: Delivery;
}

/** Latency and socket-level faults, described by the core and carried out by each adapter. */
export interface Delivery {
  /** Wait this long before answering. */
  readonly delayMs: number;
  /** `reset`: a TCP reset; `empty`: close without a byte; `dribble`: the body in chunks over `dribbleMs`. */
  readonly fault?: 'reset' | 'empty' | 'dribble';
  readonly dribbleMs?: number;
}

/** Whether an order can still be cancelled. The public Order has no status field (the seed lists none). */
export type OrderStatus = 'pending' | 'shipped' | 'cancelled';

/**
 * An order as the store keeps it. Ids are canonical decimal strings so that int64 ids beyond 2^53
 * survive exactly (a JS number would round them).
 */
export interface StoredOrder {
  readonly id: string;
  readonly petId: string;
  readonly quantity: number;
  readonly shipDate: string;
  readonly complete: boolean;
  readonly status: OrderStatus;
}

/** The seed leaves the pet's shape open; this minimal shape is documented in spec/openapi.yaml. */
export interface Pet {
  readonly id: string;
  readonly name: string;
  readonly tag?: string;
}

/** Milliseconds since the epoch; injectable so that tests and the dashboard can move time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
