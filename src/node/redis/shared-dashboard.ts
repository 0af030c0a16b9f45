import { AsyncLocalStorage } from 'node:async_hooks';
import { type ClockMode, createClock, type MockClock } from '../../core/clock.ts';
import { ApiError, coreError } from '../../core/errors.ts';
import type { MockRequest, MockResponse } from '../../core/types.ts';
import { type Clock, systemClock } from '../../core/types.ts';
import { createMemoryStore, type DomainsDashboard, type MemoryDashboardStore } from '../../domains/index.ts';
import type { Mock } from '../../mock.ts';
import { type RedisClient, storeUnavailable } from './connection.ts';
import { type CommitMode, dashboardDocument, type SharedDocument } from './dashboard-document.ts';
import { delegatingClock, delegatingStore } from './delegates.ts';

/** cas: write back over the version read; read: never write (serving by Host); nx, force: see CommitMode. */
type Mode = CommitMode | 'read';

/** One request's view of the state: loaded on first use, written back (if changed) when the request ends. */
interface Transaction {
  readonly mode: Mode;
  loading?: Promise<Copy>;
  /** Set once loaded, for the clock, which is read synchronously. */
  loaded?: Copy;
}

/** A request's own copy of the document: the simulation's store and the mock's clock. */
interface Copy {
  readonly version: string;
  readonly text: string;
  readonly store: MemoryDashboardStore;
  readonly clock: MockClock;
}

/** How often a request runs again after another replica changed the state under it. */
const MAX_ATTEMPTS = 20;

/**
 * The mock's clock and the custom-domains simulation, shared by every replica through one versioned JSON
 * document in Redis, with optimistic concurrency. A request under /__ (the admin API, the dashboard API and
 * its controls) runs on its own copy of the latest document, loaded before it starts; if it changed
 * something, the copy is written back only if nobody wrote in between, otherwise the request runs again on
 * the newer state. Other requests (the Store API, serving by Host) load the document only if they read the
 * simulation, and never write it: what they would write (a lifecycle step) follows from the state and the
 * clock, so the next reader derives it again; and a cancel must never run twice.
 */
export function createSharedDashboard(
  client: RedisClient,
  prefix: string,
  mode: ClockMode,
  base: Clock = systemClock,
) {
  const document = dashboardDocument(client, prefix);
  const transactions = new AsyncLocalStorage<Transaction>();
  const clockAt = (start: number, offset: number) => {
    const clock = createClock(mode, start, base);
    if (offset > 0) clock.advance(offset);
    return clock;
  };
  // Until the document is installed, the simulation seeds this copy (createDashboard resets at once).
  const boot = { store: createMemoryStore(), clock: clockAt(base.now(), 0) };
  /** The latest document this process has seen, and its clock for reads outside a request. */
  let cached: { version: string; text: string; clock: MockClock } | undefined;
  let simulation: DomainsDashboard['simulation'] | undefined;
  let installed: Promise<void> | undefined;

  function current(): Promise<Copy> | undefined {
    const transaction = transactions.getStore();
    if (!transaction) return undefined;
    transaction.loading ??= load(transaction).then((copy) => {
      transaction.loaded = copy;
      return copy;
    });
    return transaction.loading;
  }

  async function load(transaction: Transaction): Promise<Copy> {
    // A reset or a reseed starts from nothing; it keeps the clock's start, so a manual clock stays put.
    if (transaction.mode === 'force' || transaction.mode === 'nx') {
      const known = cached?.clock ?? boot.clock;
      const start = known.now() - known.offset();
      return { version: '', text: '', store: createMemoryStore(), clock: clockAt(start, 0) };
    }
    await installed;
    for (;;) {
      const found = await document.load(cached?.version ?? '');
      if (found === undefined) {
        // A restarted Redis without the state: the first replica to notice seeds it again.
        await reseed();
        continue;
      }
      const { version, text = cached?.text as string } = found;
      const parsed = JSON.parse(text) as SharedDocument;
      if (found.text !== undefined) {
        cached = { version, text, clock: clockAt(parsed.clock.start, parsed.clock.offset) };
      }
      const clock = clockAt(parsed.clock.start, parsed.clock.offset);
      return { version, text, store: createMemoryStore(parsed.state), clock };
    }
  }

  /** Runs `work` as a transaction on the document; `eager` loads it first, for work that reads the clock. */
  async function run<T>(mode: Mode, work: () => Promise<T>, eager: boolean): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const transaction: Transaction = { mode };
      let outcome: { value: T } | { error: unknown };
      try {
        const value = await transactions.run(transaction, async () => {
          if (eager) await current();
          return work();
        });
        outcome = { value };
      } catch (error) {
        outcome = { error };
      }
      // What a request changed before it failed stays changed, as with the in-memory store.
      if (mode === 'read' || !transaction.loading || (await commit(mode, await transaction.loading))) {
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      }
      if (mode === 'nx') return undefined as T;
    }
    throw storeUnavailable();
  }

  /** Writes the request's copy back; false when another replica wrote first (the request runs again). */
  async function commit(mode: CommitMode, copy: Copy): Promise<boolean> {
    // now − offset is a manual clock's start (a system clock ignores it).
    const clock = { start: copy.clock.now() - copy.clock.offset(), offset: copy.clock.offset() };
    const text = JSON.stringify({ state: copy.store.snapshot(), clock } satisfies SharedDocument);
    if (mode === 'cas' && text === copy.text) return true;
    const version = await document.commit(mode, copy.version, text);
    if (version === undefined) return false;
    cached = { version, text, clock: clockAt(clock.start, clock.offset) };
    return true;
  }

  async function reseed(): Promise<void> {
    if (simulation) await run('nx', () => (simulation as DomainsDashboard['simulation']).reset(), true);
  }

  // Outside a request (only while the simulation seeds itself at start-up) the calls go to the boot copy.
  const store = delegatingStore(async () => (await current())?.store ?? boot.store);

  // The request's copy when loaded, else the latest document this process saw.
  const clock = delegatingClock(
    mode,
    () => transactions.getStore()?.loaded?.clock ?? cached?.clock ?? boot.clock,
  );

  return {
    store,
    clock,
    /**
     * The mock with every request run as a transaction on the document; `reset()` too. The first process
     * to get here installs its seed (the simulation's, on the boot copy); later ones keep what they find.
     */
    share(mock: Mock): Mock {
      const domains = mock.extensions.find(
        (extension): extension is DomainsDashboard => 'simulation' in extension,
      );
      simulation = domains?.simulation;
      installed = (async () => {
        await simulation?.ready;
        await commit('nx', { version: '', text: '', ...boot });
      })();
      installed.catch(() => {}); // reported by the first request, as a 503
      const ordersPath = `${mock.basePath}/store/`;
      const handle = async (request: MockRequest): Promise<MockResponse> => {
        const own = request.path.startsWith('/__');
        // The orders' hot path reads no clock but the journal's (the last one this process saw): no load.
        const eager = own || !request.path.startsWith(ordersPath);
        try {
          return await run(own ? 'cas' : 'read', () => mock.handle(request), eager);
        } catch (error) {
          // Loading or writing the document failed outside the core's error boundary: answer as it would.
          if (error instanceof ApiError) return mock.reject(error);
          console.error('petstore-mock: unexpected error in the shared state:', error);
          return mock.reject(coreError('INTERNAL_ERROR', 'The mock failed unexpectedly; see its log.'));
        }
      };
      return {
        ...mock,
        handle,
        // Every answer waits for the shared document (or not, on the orders' path): one way in.
        respond: handle,
        reset: () => run('force', () => mock.reset(), true),
      };
    },
  };
}
