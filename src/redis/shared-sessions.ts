import {
  checkSessionId,
  type SessionDirectory,
  type SessionInfo,
  type SessionLimits,
  tooManySessions,
} from '../core/controls/sessions.ts';
import type { MockState, SessionParts } from '../mock/state.ts';
import { redisTokenStore } from './access-tokens.ts';
import { type LuaScript, type RedisClient, runScript, storeUnavailable } from './connection.ts';
import { type RedisOrderStore, type SessionEntry, sessionDropped } from './order-store.ts';
import { dropScript, listScript, useScript } from './session-scripts.ts';
import type { DocumentSlot, SharedDashboard } from './shared-dashboard.ts';

/** What this process keeps of a session: its state (journal, traffic rules) for one incarnation. */
interface Local {
  readonly incarnation: string;
  readonly state: MockState;
  readonly slot: DocumentSlot;
  /** Lookups answered from here that no request has claimed yet (see #enter). */
  unclaimed: number;
}

/** How often a call runs again after another replica moved the mock's clock under it. */
const MAX_ATTEMPTS = 5;

/**
 * The sessions of a mock whose state is in Redis (docs/sessions.md): the registry (who is live, since when,
 * last used when; the bound; expiry on the mock's clock) is shared by every replica through Lua scripts, and
 * each session's orders and simulation live under `P:session:<id>:`, with a Redis expiry refreshed on every
 * use. Each replica keeps its own journal and traffic rules of a session, as it does for the default state.
 */
export class RedisSessions implements SessionDirectory<MockState> {
  readonly limits: SessionLimits;
  readonly #client: RedisClient;
  readonly #prefix: string;
  readonly #keys: string[];
  readonly #orders: RedisOrderStore;
  readonly #shared: SharedDashboard;
  readonly #parts: SessionParts;
  /** The Redis expiry of a session's keys: twice the TTL of real time (docs/decisions.md, Sessions on Redis). */
  readonly #expiryMs: number;
  /** In the order of their last use here; dropped sessions leave when the map outgrows the bound. */
  readonly #local = new Map<string, Local>();

  constructor(
    client: RedisClient,
    prefix: string,
    orders: RedisOrderStore,
    shared: SharedDashboard,
    parts: SessionParts,
  ) {
    this.#client = client;
    this.#prefix = prefix;
    this.#keys = ['sessions', 'sessions:created', 'sessions:next', 'dashboard:version'].map(
      (name) => `${prefix}:${name}`,
    );
    this.#orders = orders;
    this.#shared = shared;
    this.#parts = parts;
    this.limits = parts.limits;
    this.#expiryMs = Math.max(2 * parts.limits.ttlMs, 1000);
  }

  /**
   * The session's state here. A session this process knows costs no round trip: the request uses it in the
   * registry with its first script of the session's orders (SessionEntry), or at its end if it ran none
   * (the slot's RequestEntry); a lookup that no request claims (a request forwarded upstream) uses it at once.
   */
  async #enter(id: string, create: boolean): Promise<Local | undefined> {
    checkSessionId(id);
    const known = this.#local.get(id);
    if (known) {
      this.#local.delete(id);
      this.#local.set(id, known);
      known.unclaimed++;
      setImmediate(() => {
        if (known.unclaimed === 0) return;
        known.unclaimed--;
        this.#use(id).catch(() => {}); // a lost Redis is the next request's 503
      });
      return known;
    }
    const [outcome, created] = await this.#run(useScript, ...this.#entering(id, create ? 'create' : 'find'));
    if (outcome === 'full') throw tooManySessions(this.limits);
    if (outcome === 'absent') return undefined;
    const incarnation = created as string;
    const kept = this.#local.get(id);
    const local = kept?.incarnation === incarnation ? kept : this.#build(id, incarnation);
    this.#local.delete(id);
    this.#local.set(id, local);
    if (this.#local.size > this.limits.maxSessions) await this.#forgetDropped();
    return local;
  }

  async use(id: string): Promise<MockState> {
    return ((await this.#enter(id, true)) as Local).state;
  }

  async find(id: string): Promise<MockState | undefined> {
    return (await this.#enter(id, false))?.state;
  }

  async drop(id: string): Promise<boolean> {
    try {
      checkSessionId(id);
    } catch {
      return false; // no session has that id
    }
    this.#local.delete(id);
    const [outcome] = await this.#run(dropScript, id);
    return outcome === 'dropped';
  }

  async list(): Promise<SessionInfo[]> {
    const [, ...rows] = await this.#run(listScript);
    const sessions: SessionInfo[] = [];
    for (let i = 0; i < rows.length; i += 4) {
      const [id, lastUsed, incarnation, copied] = rows.slice(i, i + 4) as [string, string, string, number];
      const local = this.#local.get(id);
      sessions.push({
        id,
        created: new Date(Number(incarnation.split(' ')[0])).toISOString(),
        lastUsed: new Date(Number(lastUsed)).toISOString(),
        ordersCopied: copied === 1,
        // The journal is per replica: the requests of this session that this replica answered.
        journalEntries: local?.incarnation === incarnation ? local.state.journal.size : 0,
      });
    }
    return sessions;
  }

  /** useScript's arguments after the registry's own: the session, the bound, the keys' expiry, the mode. */
  #entering(id: string, mode: 'create' | 'find'): string[] {
    return [id, String(this.limits.maxSessions), String(this.#expiryMs), mode];
  }

  /** Uses a session this process knows, for a request that used none of its orders; forgets it if it changed. */
  async #use(id: string): Promise<void> {
    const [outcome, created] = await this.#run(useScript, ...this.#entering(id, 'find'));
    if (outcome !== 'live' || this.#local.get(id)?.incarnation !== created) this.#local.delete(id);
  }

  /** How the scripts of a session's orders use the session first (a new one if it went away meanwhile). */
  #entry(id: string): SessionEntry {
    return {
      keys: this.#keys,
      args: () => {
        // Sent, the script uses the session even if its answer never comes: the request's end need not.
        this.#shared.noteEntered();
        return [...this.#registryArguments(), ...this.#entering(id, 'create')];
      },
      refused: async (outcome, attempt) => {
        if (outcome === 'full') throw tooManySessions(this.limits);
        if (outcome !== 'stale' || attempt + 1 >= MAX_ATTEMPTS) throw storeUnavailable();
        await this.#shared.refresh();
      },
      entered: (incarnation) => {
        // Another replica dropped it, or it expired, and this request started it afresh: what this process
        // kept of the old one goes, and its next request builds the new one.
        if (this.#local.get(id)?.incarnation !== incarnation) this.#local.delete(id);
      },
    };
  }

  /** The registry's first arguments: the prefix, the mock's clock now, the TTL, the clock's version. */
  #registryArguments(): string[] {
    const { now, version } = this.#shared.mockNow();
    return [this.#prefix, String(now), String(this.limits.ttlMs), version];
  }

  /** A session's state in this process: its orders and document under `P:session:<id>`. */
  #build(id: string, incarnation: string): Local {
    const sessionPrefix = `${this.#prefix}:session:${id}`;
    const store = this.#orders.session(id, sessionPrefix, this.#entry(id));
    const alive = { aliveKey: `${sessionPrefix}:revision`, dropped: () => sessionDropped(id) };
    const tokens = redisTokenStore(this.#client, sessionPrefix, this.#shared, alive);
    const built = this.#shared.session(sessionPrefix, alive, () =>
      this.#parts.build(store, this.#shared.clock, id, tokens),
    );
    const local: Local = { incarnation, ...built, unclaimed: 0 };
    built.slot.entry = {
      claim: () => {
        if (local.unclaimed > 0) local.unclaimed--;
      },
      use: () => this.#use(id),
    };
    return local;
  }

  /** Lets go of what this process kept of sessions that are no longer live (dropped through another replica). */
  async #forgetDropped(): Promise<void> {
    const live = new Set((await this.list()).map((session) => session.id));
    for (const id of this.#local.keys()) if (!live.has(id)) this.#local.delete(id);
  }

  /** Runs a registry script on the mock's clock now, reading the clock again if another replica moved it. */
  async #run(script: LuaScript, ...args: string[]): Promise<unknown[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const base = this.#registryArguments();
      const reply = (await runScript(this.#client, script, this.#keys, [...base, ...args])) as unknown[];
      if (reply[0] !== 'stale') return reply;
      await this.#shared.refresh();
    }
    throw storeUnavailable();
  }
}
