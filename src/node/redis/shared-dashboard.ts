import { AsyncLocalStorage } from 'node:async_hooks';
import type { MockExtension } from '../../core/extension.ts';
import { type Clock, systemClock } from '../../core/types.ts';
import {
  type ClockMode,
  createMemoryStore,
  type DashboardClock,
  type DomainsDashboard,
  type MemoryDashboardStore,
} from '../../domains/index.ts';
import { type RedisClient, storeUnavailable } from './connection.ts';
import { type CommitMode, dashboardDocument, type SharedDocument } from './dashboard-document.ts';
import { delegatingStore } from './delegating-store.ts';

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
  const document = dashboardDocument(client, prefix);
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
      const found = await document.load(cached?.version ?? '');
      if (found === undefined) {
        // A restarted Redis without the state: the first replica to notice seeds it again.
        await reseed();
        continue;
      }
      const { version, text = cached?.text as string } = found;
      const parsed = JSON.parse(text) as SharedDocument;
      if (found.text !== undefined) cached = { version, text, clock: { ...parsed.clock } };
      return { version, text, store: createMemoryStore(parsed.state), clock: parsed.clock };
    }
  }

  /** Runs `work` as a transaction; `eager` loads the state first, for work that reads the clock before it. */
  async function run<T>(mode: CommitMode, work: () => Promise<T>, eager = mode !== 'cas'): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const transaction: Transaction = { mode };
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = {
          value: await transactions.run(transaction, async () => {
            if (eager) await current();
            return work();
          }),
        };
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
    const version = await document.commit(mode, loaded.version, text);
    if (version === undefined) return false;
    cached = { version, text, clock: { ...loaded.clock } };
    return true;
  }

  async function reseed(): Promise<void> {
    if (dashboard) await run('nx', () => (dashboard as DomainsDashboard).dashboard.reset());
  }

  // Outside a request (only while the simulation seeds itself at start-up) the calls go to the boot copy.
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
        // The controls and the dashboard API (under /__) read the clock before the store: load first.
        handle: (request) => run('cas', () => extension.handle(request), request.path.startsWith('/__')),
        reset: () => run('force', () => extension.dashboard.reset()),
      };
    },
  };
}
