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
import { type RedisOrderStore, sessionDropped } from './order-store.ts';
import { dropScript, listScript, useScript } from './session-scripts.ts';
import type { DocumentSlot, SharedDashboard } from './shared-dashboard.ts';

/** What this process keeps of a session: its state (journal, traffic rules) for one incarnation. */
interface Local {
  readonly incarnation: string;
  readonly state: MockState;
  readonly slot: DocumentSlot;
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

  async #enter(id: string, create: boolean): Promise<Local | undefined> {
    checkSessionId(id);
    const [outcome, created] = await this.#run(
      useScript,
      id,
      String(this.limits.maxSessions),
      String(this.#expiryMs),
      create ? 'create' : 'find',
    );
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

  /** A session's state in this process: its orders and document under `P:session:<id>`. */
  #build(id: string, incarnation: string): Local {
    const sessionPrefix = `${this.#prefix}:session:${id}`;
    const store = this.#orders.session(id, sessionPrefix);
    const alive = { aliveKey: `${sessionPrefix}:revision`, dropped: () => sessionDropped(id) };
    const tokens = redisTokenStore(this.#client, sessionPrefix, this.#shared, alive);
    const built = this.#shared.session(sessionPrefix, alive, () =>
      this.#parts.build(store, this.#shared.clock, id, tokens),
    );
    return { incarnation, ...built };
  }

  /** Lets go of what this process kept of sessions that are no longer live (dropped through another replica). */
  async #forgetDropped(): Promise<void> {
    const live = new Set((await this.list()).map((session) => session.id));
    for (const id of this.#local.keys()) if (!live.has(id)) this.#local.delete(id);
  }

  /** Runs a registry script on the mock's clock now, reading the clock again if another replica moved it. */
  async #run(script: LuaScript, ...args: string[]): Promise<unknown[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { now, version } = this.#shared.mockNow();
      const base = [this.#prefix, String(now), String(this.limits.ttlMs), version];
      const reply = (await runScript(this.#client, script, this.#keys, [...base, ...args])) as unknown[];
      if (reply[0] !== 'stale') return reply;
      await this.#shared.refresh();
    }
    throw storeUnavailable();
  }
}
