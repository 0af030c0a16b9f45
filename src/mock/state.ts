import type { MockApi } from '../core/api.ts';
import type { MockClock } from '../core/controls/clock.ts';
import type { SessionDirectory, SessionLimits } from '../core/controls/sessions.ts';
import type { MockExtension, SharedDocuments } from '../core/extension.ts';
import type { TokenStore } from '../core/http/access-tokens.ts';
import type { OrderStore } from '../core/orders/store.ts';
import type { MockRequest } from '../core/types.ts';

/** One isolated state of the mock (the default one, or a session's): the core's `handle`, its state, its clock, its extensions. */
export interface MockState extends MockApi {
  readonly extensions: readonly MockExtension[];
}

/** What the composition root gives the port to build its sessions. */
export interface SessionParts {
  /**
   * Session `session`'s whole state (journal, traffic rules, extensions from factories) on `store` and `clock`,
   * with the tokens `POST /oauth/token` issues kept in `tokens` (default: in this process).
   */
  build(store: OrderStore, clock: MockClock, session: string, tokens?: TokenStore): MockState;
  readonly limits: SessionLimits;
}

/**
 * The one way the mock's state enters the composition root (`createMock({ state })`): in this process's
 * memory (`memoryState`, the default) or shared by replicas (`openRedisState`, src/redis). The root builds
 * every state on it, reads `X-Mock-Session` itself, and renders every error itself; a port only keeps state.
 */
export interface StatePort {
  /** The default state's orders. */
  readonly store: OrderStore;
  /** The mock's one clock, read by every part (the pets sunset, the journal, the extensions). */
  readonly clock: MockClock;
  /**
   * Where the default state keeps the access tokens it issues (`POST /oauth/token`); without it, in this
   * process. A state shared by replicas keeps them shared, so a token from one replica is valid on all.
   */
  readonly tokens?: TokenStore;
  /**
   * What the extensions keep, by extension (the domains simulation's store under `domains`), handed to every
   * extension factory; an extension without an entry keeps its own in memory.
   */
  readonly documents?: SharedDocuments;
  /** Where the sessions (`X-Mock-Session`) live, given how to build one. */
  sessions(parts: SessionParts): SessionDirectory<MockState>;
  /**
   * Runs `work` (answering `request` from `state`, the default state or a session's) as one transaction on
   * the shared state; `request` is undefined for `mock.reset()` called from code. What it throws, the root
   * renders. A port without it (memory) needs no transaction, and the answers that need no waiting stay
   * synchronous.
   */
  run?<T>(request: MockRequest | undefined, state: MockState, work: () => Promise<T>): Promise<T>;
  /**
   * Why the state cannot be served now (a shared store unreachable), or undefined: `GET /__health` asks it.
   * A state in memory is always there and has none.
   */
  unavailable?(): string | undefined | Promise<string | undefined>;
}
