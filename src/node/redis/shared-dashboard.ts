import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import type { MockExtension } from '../../core/extension.ts';
import { type Clock, systemClock } from '../../core/types.ts';
import {
  type ClockMode,
  createMemoryStore,
  type DashboardClock,
  type DashboardState,
  type DashboardStore,
  type DomainsDashboard,
  type MemoryDashboardStore,
} from '../../domains/index.ts';
import { defineLua, type RedisClient, runScript, storeUnavailable } from './connection.ts';

/** The simulation's whole state as one JSON document in Redis, with a version that counts its changes. */
interface SharedDocument {
  readonly state: DashboardState;
  readonly clock: { start: number; offset: number };
}

const loadScript = defineLua(`
local version = redis.call('GET', KEYS[2])
if not version then return {} end
if version == ARGV[1] then return {version} end
return {version, redis.call('GET', KEYS[1])}`);

/** ARGV: mode (cas: only over the version read; nx: only when absent; force), version read, document, first version. */
const commitScript = defineLua(`
local version = redis.call('GET', KEYS[2])
if ARGV[1] == 'cas' and version ~= ARGV[2] then return false end
if ARGV[1] == 'nx' and version then return false end
redis.call('SET', KEYS[1], ARGV[3])
if version then return tostring(redis.call('INCR', KEYS[2])) end
redis.call('SET', KEYS[2], ARGV[4])
return ARGV[4]`);

type CommitMode = 'cas' | 'nx' | 'force';

/** One request's view of the state: loaded on first use, written back (if changed) when the request ends. */
interface Transaction {
  readonly mode: CommitMode;
  loading?: Promise<Loaded>;
  /** Set once loaded, for the clock, which reads it synchronously. */
  loaded?: Loaded;
}

interface Loaded {
  readonly version: string;
  readonly text: string;
  readonly store: MemoryDashboardStore;
  readonly clock: { start: number; offset: number };
}

/** How often a request runs again after another replica changed the state under it. */
const MAX_ATTEMPTS = 20;

/**
 * The custom-domains simulation shared by every replica through Redis, with optimistic concurrency: each
 * request that touches the state runs against its own copy of the latest document; when it changed
 * something, the copy is written back only if nobody else wrote in between (the version is unchanged),
 * otherwise the request runs again on the newer state. Projects, domains, zones and the clock's offset all
 * live in the document, so serving by Host agrees on every replica.
 */
export function createSharedDashboard(
  client: RedisClient,
  prefix: string,
  mode: ClockMode,
  base: Clock = systemClock,
) {
  const keys = [`${prefix}:dashboard`, `${prefix}:dashboard:version`];
  const transactions = new AsyncLocalStorage<Transaction>();
  let cached: { version: string; text: string; clock: SharedDocument['clock'] } | undefined;
  // Until the shared document is installed, the simulation seeds this one (createDashboard resets at once).
  const boot = { store: createMemoryStore(), clock: { start: base.now(), offset: 0 } };
  let dashboard: DomainsDashboard | undefined;

  function current(): Promise<Loaded> | undefined {
    const transaction = transactions.getStore();
    if (!transaction) return undefined;
    transaction.loading ??= load(transaction).then((loaded) => {
      transaction.loaded = loaded;
      return loaded;
    });
    return transaction.loading;
  }

  async function load(transaction: Transaction): Promise<Loaded> {
    if (transaction.mode !== 'cas') {
      // A reset or a reseed starts from nothing; it keeps the clock's start, so a manual clock stays put.
      const start = cached?.clock.start ?? boot.clock.start;
      return { version: '', text: '', store: createMemoryStore(), clock: { start, offset: 0 } };
    }
    for (;;) {
      const reply = (await runScript(client, loadScript, keys, [cached?.version ?? ''])) as string[];
      const [version, text] = reply;
      if (version === undefined) {
        // A restarted Redis without the state: the first replica to notice seeds it again.
        await reseed();
        continue;
      }
      if (text !== undefined) cached = { version, text, clock: (JSON.parse(text) as SharedDocument).clock };
      const document = JSON.parse(cached?.text as string) as SharedDocument;
      return {
        version,
        text: cached?.text as string,
        store: createMemoryStore(document.state),
        clock: document.clock,
      };
    }
  }

  async function run<T>(mode: CommitMode, work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const transaction: Transaction = { mode };
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = { value: await transactions.run(transaction, work) };
      } catch (error) {
        outcome = { error };
      }
      // What a request changed before it failed stays changed, as with the in-memory store.
      if (!transaction.loading || (await commit(mode, await transaction.loading))) {
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      }
      if (mode === 'nx') return undefined as T;
    }
    throw storeUnavailable();
  }

  /** Writes the transaction's copy back; false when another replica wrote first (the request runs again). */
  async function commit(mode: CommitMode, loaded: Loaded): Promise<boolean> {
    const text = JSON.stringify({
      state: loaded.store.snapshot(),
      clock: loaded.clock,
    } satisfies SharedDocument);
    if (mode === 'cas' && text === loaded.text) return true;
    const first = String(randomInt(2 ** 47));
    const version = (await runScript(client, commitScript, keys, [mode, loaded.version, text, first])) as
      | string
      | null;
    if (version === null) return false;
    cached = { version, text, clock: loaded.clock };
    return true;
  }

  async function reseed(): Promise<void> {
    if (dashboard) await run('nx', () => (dashboard as DomainsDashboard).dashboard.reset());
  }

  const store = delegatingStore(async () => (await current())?.store ?? boot.store);

  /** Sync: the request's loaded copy when there is one, else the latest document this process saw. */
  const timing = () => transactions.getStore()?.loaded?.clock ?? cached?.clock ?? boot.clock;
  const clock: DashboardClock = {
    mode,
    now: () => (mode === 'manual' ? timing().start : base.now()) + timing().offset,
    offset: () => timing().offset,
    advance(ms) {
      timing().offset += ms;
    },
    reset() {
      timing().offset = 0;
    },
  };

  return {
    store,
    clock,
    /** Wraps the simulation's extension so every request runs as a transaction on the shared document. */
    async share(extension: DomainsDashboard): Promise<MockExtension> {
      dashboard = extension;
      await extension.dashboard.ready;
      await commit('nx', { version: '', text: '', ...boot });
      return {
        name: extension.name,
        handle: (request) =>
          run('cas', async () => {
            // The controls and the dashboard API read the clock before the store: load the state first.
            if (request.path.startsWith('/__')) await current();
            return extension.handle(request);
          }),
        reset: () => run('force', () => extension.dashboard.reset()),
      };
    },
  };
}

/** A DashboardStore whose every call goes to the store `target()` answers (the request's copy). */
function delegatingStore(target: () => Promise<DashboardStore>): DashboardStore {
  const via =
    (name: keyof DashboardStore) =>
    async (...args: unknown[]) =>
      ((await target())[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  return {
    listProjects: via('listProjects'),
    getProject: via('getProject'),
    putProject: via('putProject'),
    listDomains: via('listDomains'),
    getDomain: via('getDomain'),
    putDomain: via('putDomain'),
    deleteDomain: via('deleteDomain'),
    isRemoved: via('isRemoved'),
    setRemoved: via('setRemoved'),
    getConfig: via('getConfig'),
    putConfig: via('putConfig'),
    listZones: via('listZones'),
    getZone: via('getZone'),
    putZone: via('putZone'),
    deleteZone: via('deleteZone'),
    clear: via('clear'),
  } satisfies Record<keyof DashboardStore, unknown> as DashboardStore;
}
