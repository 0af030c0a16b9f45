import { hash } from 'node:crypto';

// What the traffic has shown about the orders, per credential and session: the last full list, the cancels and
// their answers. Bounded in every dimension; what is forgotten is never judged, and a session that forgot an
// explanation (a cancel) judges nothing over the window it forgot.

/** One exchange as a finding cites it: its sequence number, its place on the proxy's tick, and its name. */
export interface Step {
  seq: number;
  /** The tick when its request arrived and when its answer was complete: A came before B when A.ended < B.begun. */
  begun: number;
  ended: number;
  /** `DELETE /store/orders/7 → 204` */
  shown: string;
}

export const before = (a: Step, b: Step): boolean => a.ended < b.begun;

/** The step alone, so that what cites a list does not keep its orders alive. */
export const stepOf = ({ seq, begun, ended, shown }: Step): Step => ({ seq, begun, ended, shown });

/**
 * A list read at `step`. Written out rather than `{ ...step, orders }`: once optimised, V8 gives a spread copy
 * given a field of its own a hidden class of its own, made in the old generation, one per list read.
 */
export const listingOf = (
  { seq, begun, ended, shown }: Step,
  orders: ReadonlyMap<string, string>,
): Listing => ({
  seq,
  begun,
  ended,
  shown,
  orders,
});

/** A full list: each order's id and a fingerprint of its fields. */
export interface Listing extends Step {
  orders: ReadonlyMap<string, string>;
}

/** An order this credential cancelled (204), and what later answers for it said. */
export interface Cancelled {
  cancel: Step;
  gone?: Step;
  stillThere?: Step;
  reported?: boolean;
}

/** A refused cancel (409, or 401 of any credential) and the order as a list before it showed it. */
export interface Refused {
  step: Step;
  id: string;
  list: Step;
  fingerprint: string;
}

export interface Scope {
  readonly key: string;
  readonly session: Session;
  list?: Listing;
  cancelled: Bounded<string, Cancelled>;
  refused: Bounded<string, Refused>;
  /** Orders this credential was refused a cancel of with 409 (shipped): never cancellable after. */
  shipped: Bounded<string, Step>;
  /** Evidence that this deployment takes a cancelled order off the list: the order, its cancel, the list. */
  dropsCancelled?: { id: string; cancel: Step; list: Step };
}

export interface Session {
  readonly scopes: Set<Scope>;
  /** The 204 cancels of every credential, by id: what explains an order leaving a list. */
  cancels: Bounded<string, Step>;
  /** The end of the latest request that could add or remove orders outside the spec (a POST, a PUT…). */
  lastWriteEnded: number;
  /** The tick when a fact of this session was last forgotten: no window reaching before it is judged. */
  forgotAt: number;
  evicted: boolean;
}

/** The limits of the model: a few MB at most, whatever the traffic. */
export const MODEL_LIMITS = {
  sessions: 64,
  /** Credential × session pairs. */
  scopes: 256,
  /** Orders held in all kept lists together; a list longer than this is not kept. */
  listedOrders: 100_000,
  /** Cancels and refusals remembered per scope and session. */
  facts: 1_000,
};

/** A Map that keeps its most recent `max` entries (a `get` counts as use), telling `onEvict` what it drops. */
export class Bounded<K, V> {
  private readonly entries = new Map<K, V>();
  /**
   * The most recently used key, which stays in place when used again: a client's requests mostly come under one
   * credential and session, and moving an entry to the end of a Map (a delete and a set) wears out its table.
   */
  private newest: { key: K } | undefined;
  constructor(
    private readonly max: number,
    private readonly onEvict: (value: V, key: K) => void = () => {},
  ) {}
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && this.newest?.key !== key) this.moveToEnd(key, value);
    return value;
  }
  has = (key: K): boolean => this.entries.has(key);
  delete = (key: K): boolean => {
    if (this.newest?.key === key) this.newest = undefined;
    return this.entries.delete(key);
  };
  set(key: K, value: V): void {
    if (this.newest?.key === key) {
      this.entries.set(key, value);
      return;
    }
    this.moveToEnd(key, value);
    for (const [oldest, dropped] of this.entries) {
      if (this.entries.size <= this.max) break;
      this.evict(oldest, dropped);
    }
  }
  /** Drops the least recently used entry, telling `onEvict`; false when empty. */
  dropOldest(): boolean {
    for (const [oldest, dropped] of this.entries) {
      this.evict(oldest, dropped);
      return true;
    }
    return false;
  }
  private moveToEnd(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = { key };
  }
  private evict(key: K, value: V): void {
    this.entries.delete(key);
    if (this.newest?.key === key) this.newest = undefined;
    this.onEvict(value, key);
  }
  entriesOf = (): IterableIterator<[K, V]> => this.entries.entries();
  get size(): number {
    return this.entries.size;
  }
}

/** Fields as a short fingerprint: key order and spacing do not count, values do (as JSON.parse reads them). */
export function fingerprint(raw: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  return hash('sha256', stable(value), 'base64');
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The model of every session and credential, bounded: the least recently seen sessions and credentials are
 * forgotten first, and lists beyond the order budget are not kept. `at(tick)` sets the clock forgetting is
 * stamped with.
 */
export function createTrafficModel(limits = MODEL_LIMITS) {
  let now = 0;
  let listedOrders = 0;
  const dropList = (scope: Scope) => {
    listedOrders -= scope.list?.orders.size ?? 0;
    delete scope.list;
  };
  const scopes = new Bounded<string, Scope>(limits.scopes, (scope) => {
    dropList(scope);
    scope.session.scopes.delete(scope);
  });
  const sessions = new Bounded<string, Session>(limits.sessions, (session) => {
    session.evicted = true;
    for (const scope of session.scopes) {
      scopes.delete(scope.key);
      dropList(scope);
    }
    session.scopes.clear();
  });
  const forgetting = (session: Session) => () => {
    session.forgotAt = now;
  };

  function sessionOf(key: string): Session {
    const known = sessions.get(key);
    if (known) return known;
    const session: Session = {
      scopes: new Set(),
      cancels: new Bounded(limits.facts),
      lastWriteEnded: 0,
      forgotAt: 0,
      evicted: false,
    };
    session.cancels = new Bounded(limits.facts, forgetting(session));
    sessions.set(key, session);
    return session;
  }

  return {
    at(tick: number): void {
      now = tick;
    },
    session: sessionOf,
    /** The scope of one credential (a digest of it, never the secret) in one session. */
    scope(sessionKey: string, credential: string): Scope {
      const key = `${sessionKey}\n${credential}`;
      const known = scopes.get(key);
      if (known && !known.session.evicted) return known;
      const session = sessionOf(sessionKey);
      const scope: Scope = {
        key,
        session,
        cancelled: new Bounded(limits.facts, forgetting(session)),
        refused: new Bounded(limits.facts, forgetting(session)),
        shipped: new Bounded(limits.facts),
      };
      session.scopes.add(scope);
      scopes.set(key, scope);
      return scope;
    },
    /** Keeps a scope's latest list, within the order budget (older scopes' lists give way first). */
    keepList(scope: Scope, listing: Listing): void {
      dropList(scope);
      if (listing.orders.size > limits.listedOrders) return;
      scope.list = listing;
      listedOrders += listing.orders.size;
      while (listedOrders > limits.listedOrders && scopes.dropOldest()) {}
    },
    size: () => ({ sessions: sessions.size, scopes: scopes.size, listedOrders }),
  };
}

export type TrafficModel = ReturnType<typeof createTrafficModel>;
