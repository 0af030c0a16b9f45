import { lazyExtension } from '../control-code-loader.ts';
import type { MockExtension } from '../extension.ts';
import { checkCredential } from '../http/auth.ts';
import { isControlPlane } from '../http/control-planes.ts';
import { coreError } from '../http/errors.ts';
import { truncate } from '../http/text.ts';
import { sessionRoutes } from '../routes/admin-routes.generated.ts';
import type { Clock, MockRequest } from '../types.ts';
import { JOURNAL_DEFAULTS, type JournalLimits } from './journal.ts';

/** Where the admin API lists and ends sessions. */
export const SESSIONS_PREFIX = '/__mock/sessions';

/** The header that picks a session: `X-Mock-Session: <id>`. */
export const SESSION_HEADER = 'x-mock-session';

/** `.` and `..` are left out: URL normalisation turns `/__mock/sessions/..` into another path, so no client could end them. */
const SESSION_ID = /^(?!\.\.?$)[A-Za-z0-9._-]{1,64}$/;

export interface SessionLimits {
  /** Live sessions at most (the default session aside); a new one beyond is refused with 429. */
  readonly maxSessions: number;
  /** A session unused for longer than this (on the mock's clock) is dropped; its next use starts afresh. */
  readonly ttlMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { maxSessions: 100, ttlMs: 30 * 60_000 };

/** The longest time to live a session may have: a shared store keeps an expiry of twice it on every key. */
export const MAX_SESSION_TTL_MS = 365 * 86_400_000;

/** The limits given, over the defaults; throws (at start) on a bound the mock cannot keep. */
export function sessionLimits(given: Partial<SessionLimits> = {}): SessionLimits {
  const limits = { ...DEFAULT_SESSION_LIMITS, ...given };
  if (!(limits.ttlMs >= 1000 && limits.ttlMs <= MAX_SESSION_TTL_MS)) {
    throw new Error(
      `sessions.ttlMs must be from 1000 to ${MAX_SESSION_TTL_MS} (365 days), not ${limits.ttlMs}.`,
    );
  }
  if (!(Number.isSafeInteger(limits.maxSessions) && limits.maxSessions >= 0)) {
    throw new Error(`sessions.maxSessions must be a whole number of at least 0, not ${limits.maxSessions}.`);
  }
  return limits;
}

/** What the request journals of all sessions keep together at most: each gets its share of it. */
export const SESSION_JOURNALS_BYTES = 16 * 1024 * 1024;

/**
 * A session's journal limits: those given (or the defaults), its bytes cut to an equal share of
 * SESSION_JOURNALS_BYTES, so that `maxSessions` full journals never hold more than that together.
 */
export function sessionJournalLimits(
  given: number | JournalLimits | undefined,
  maxSessions: number,
): JournalLimits {
  const limits = typeof given === 'number' ? { entries: given } : (given ?? {});
  const share = Math.floor(SESSION_JOURNALS_BYTES / Math.max(1, maxSessions));
  return { ...limits, bytes: Math.min(limits.bytes ?? JOURNAL_DEFAULTS.bytes, share) };
}

/** What a session holds beyond the shared seed, for `GET /__mock/sessions`. */
export interface SessionSize {
  /** Whether it changed an order (it then holds a copy of the orders of its own). */
  readonly ordersCopied: boolean;
  readonly journalEntries: number;
}

export interface SessionInfo extends SessionSize {
  readonly id: string;
  readonly created: string;
  readonly lastUsed: string;
}

/**
 * Where the sessions live: this process's memory (SessionRegistry) or a store shared by replicas (the Redis
 * one, src/redis). A shared one answers with promises; the memory one at once, so the Store API's hot
 * path in a session gains no await.
 */
export interface SessionDirectory<State> {
  readonly limits: SessionLimits;
  /** The session `id`, created on first use; 400 for an invalid id, 429 beyond `maxSessions`. */
  use(id: string): State | Promise<State>;
  /** The session `id` if it is live (this use counted), else undefined: nothing is created; 400 for an invalid id. */
  find(id: string): State | undefined | Promise<State | undefined>;
  /** Ends a session; its next use starts from the seed. False when there was none. */
  drop(id: string): boolean | Promise<boolean>;
  /** The live sessions, oldest use first (expired ones are dropped first). */
  list(): SessionInfo[] | Promise<SessionInfo[]>;
}

/** Throws 400 INVALID_SESSION unless `id` is 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-", not `.` or `..`. */
export function checkSessionId(id: string): void {
  if (!SESSION_ID.test(id)) {
    throw coreError(
      'INVALID_SESSION',
      `X-Mock-Session must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-" (not "." or ".."); got "${truncate(id)}".`,
    );
  }
}

/**
 * Whether `request` may create the session it names: only with a valid key, or on a control plane (which
 * refuses other pages' origins). Any web page can send the header to the Store API (its CORS is open), and
 * each new session would hold a journal and a copy of the orders.
 */
export function mayCreateSession(request: MockRequest, apiKeys: readonly string[]): boolean {
  return isControlPlane(request.path) || checkCredential(request.headers.authorization, apiKeys) === 'valid';
}

/** The 429 for a new session beyond the bound, never an eviction. */
export function tooManySessions(limits: SessionLimits) {
  return coreError(
    'TOO_MANY_SESSIONS',
    `${limits.maxSessions} sessions are live (--max-sessions); end one with DELETE /__mock/sessions/{id} or let it expire.`,
  );
}

interface Live<State> {
  readonly state: State;
  readonly created: number;
  lastUsed: number;
}

/**
 * The live sessions, by id, in the order of their last use (a Map keeps insertion order, and a use moves the
 * session to the end), so expiry drops from the front and costs only what it drops. That order is the order
 * of the last-use times only while the clock moves forward; when a reset takes it back, a last use later than
 * the clock counts as now (as on Redis), which keeps the order and lets the others expire by time.
 */
export class SessionRegistry<State> implements SessionDirectory<State> {
  readonly #live = new Map<string, Live<State>>();
  readonly #build: (id: string) => State;
  readonly #size: (state: State) => SessionSize;
  readonly #clock: Clock;
  /** The latest last use: a clock reading below it means the clock went back. */
  #latest = Number.NEGATIVE_INFINITY;
  /** At most the oldest last use of a live session (what expires first): none expired while it is recent. */
  #oldestUse = Number.POSITIVE_INFINITY;
  /** The id last in the use order (the most recently used), if it lives. */
  #newest: string | undefined;
  readonly limits: SessionLimits;

  constructor(
    build: (id: string) => State,
    size: (state: State) => SessionSize,
    clock: Clock,
    limits: SessionLimits,
  ) {
    this.#build = build;
    this.#size = size;
    this.#clock = clock;
    this.limits = limits;
  }

  /** The session `id`, created on first use; 400 for an invalid id, 429 beyond `maxSessions`. */
  use(id: string): State {
    return this.#enter(id, true) as State;
  }

  find(id: string): State | undefined {
    return this.#enter(id, false);
  }

  #enter(id: string, create: boolean): State | undefined {
    const now = this.#clock.now();
    this.#expire(now);
    const live = this.#live.get(id);
    if (live) {
      live.lastUsed = now;
      // A live id was checked when its session was made; one used again in a row is already the newest.
      if (this.#newest !== id) {
        this.#live.delete(id);
        this.#live.set(id, live);
        this.#newest = id;
      }
      return live.state;
    }
    checkSessionId(id);
    if (!create) return undefined;
    if (this.#live.size >= this.limits.maxSessions) throw tooManySessions(this.limits);
    const state = this.#build(id);
    this.#live.set(id, { state, created: now, lastUsed: now });
    this.#newest = id;
    this.#oldestUse = Math.min(this.#oldestUse, now);
    return state;
  }

  /** Ends a session; its next use starts from the seed. False when there was none. */
  drop(id: string): boolean {
    return this.#live.delete(id);
  }

  list(): SessionInfo[] {
    this.#expire(this.#clock.now());
    return [...this.#live].map(([id, { state, created, lastUsed }]) => ({
      id,
      created: new Date(created).toISOString(),
      lastUsed: new Date(lastUsed).toISOString(),
      ...this.#size(state),
    }));
  }

  #expire(now: number): void {
    if (now < this.#latest) {
      for (const live of this.#live.values()) live.lastUsed = Math.min(live.lastUsed, now);
      this.#oldestUse = Math.min(this.#oldestUse, now);
    }
    this.#latest = now;
    // Nothing can have expired yet: no walk over the sessions (an iterator) on a request's way.
    if (now - this.#oldestUse <= this.limits.ttlMs) return;
    for (const [id, live] of this.#live) {
      if (now - live.lastUsed <= this.limits.ttlMs) {
        this.#oldestUse = live.lastUsed;
        return;
      }
      this.#live.delete(id);
    }
    this.#oldestUse = Number.POSITIVE_INFINITY;
  }
}

/**
 * `GET /__mock/sessions` and `DELETE /__mock/sessions/{id}`, served by every session's admin API alike: named
 * at once, answered by the control planes' code (sessions-admin.ts) from the first request under the prefix.
 */
export function sessionsAdmin(
  registry: () => Pick<SessionDirectory<unknown>, 'list' | 'drop'>,
): MockExtension {
  return lazyExtension(
    { name: 'sessions', pathPrefix: SESSIONS_PREFIX, routes: sessionRoutes },
    (request) => request.path === SESSIONS_PREFIX || request.path.startsWith(`${SESSIONS_PREFIX}/`),
    (code) => code.sessionsAdminApi(registry, SESSIONS_PREFIX),
  );
}
