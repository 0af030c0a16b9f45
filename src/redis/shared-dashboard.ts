import { AsyncLocalStorage } from 'node:async_hooks';
import { type ClockMode, createClock, type MockClock } from '../core/controls/clock.ts';
import type { MockExtension } from '../core/extension.ts';
import type { MockRequest } from '../core/types.ts';
import { type Clock, systemClock } from '../core/types.ts';
import { createMemoryStore, type DomainsDashboard, type MemoryDashboardStore } from '../domains/index.ts';
import type { MockState } from '../mock/state.ts';
import { type RedisClient, storeUnavailable } from './connection.ts';
import {
  type CommitMode,
  dashboardDocument,
  type SessionDocument,
  type SharedDocument,
} from './dashboard-document.ts';
import { delegatingClock, delegatingStore } from './delegates.ts';

/** cas: write back over the version read; read: never write (serving by Host); nx, force: see CommitMode. */
type Mode = CommitMode | 'read';

/** One shared document (the default state's, or a session's) and what this process knows of it. */
export interface DocumentSlot {
  readonly document: ReturnType<typeof dashboardDocument>;
  /** The latest version this process has seen, and its clock for reads outside a request. */
  cached?: { version: string; text: string; clock: MockClock };
  /** The state's simulation, which seeds a document that is not there (yet, or any more). */
  simulation?: DomainsDashboard['simulation'];
  /** Where the clock of a document seeded afresh starts (what a manual clock shows). */
  readonly start: () => number;
  /** Settled once the default state's document was installed (before its first request is answered). */
  installed?: Promise<void>;
  /** A session's use in the registry by a request that used no order (shared-sessions.ts). */
  entry?: RequestEntry;
}

/** How a request in a session uses it when none of its orders' scripts did (each of those uses it too). */
export interface RequestEntry {
  /** Called as the request starts: it will use the session itself. */
  claim(): void;
  /** Uses the session, for a request that ran no script of its orders. */
  use(): Promise<void>;
}

/** One request's view of the state: loaded on first use, written back (if changed) when the request ends. */
interface Transaction {
  readonly slot: DocumentSlot;
  readonly mode: Mode;
  loading?: Promise<Copy>;
  /** Set once loaded, for the clock, which is read synchronously. */
  loaded?: Copy;
  /** Whether a script of the session's orders used the session during this request. */
  entered?: boolean;
}

/** A request's own copy of the document: the simulation's store and the mock's clock. */
interface Copy {
  readonly version: string;
  readonly text: string;
  readonly store: MemoryDashboardStore;
  readonly clock: MockClock;
  /** The clock's start as the document holds it: a system clock ignores it, so writing it back keeps it. */
  readonly start: number;
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
 * clock, so the next reader derives it again; and a cancel must never run twice. Each session has a
 * document of its own (`P:session:<id>:dashboard`); the store and the clock given to every state reach the
 * document of the request that calls them.
 */
export function createSharedDashboard(
  client: RedisClient,
  prefix: string,
  mode: ClockMode,
  base: Clock = systemClock,
) {
  const transactions = new AsyncLocalStorage<Transaction>();
  const clockAt = (start: number, offset: number) => createClock(mode, start, base, offset);
  // Until the document is installed, the simulation seeds this copy (createDashboard resets at once).
  const bootStart = base.now();
  const boot = { store: createMemoryStore(), clock: clockAt(bootStart, 0), start: bootStart };
  /** The mock's one clock as this process last saw it (outside a request, or to expire sessions). */
  const mockClock = () => main.cached?.clock ?? boot.clock;
  const main: DocumentSlot = {
    document: dashboardDocument(client, prefix),
    // A reset or a reseed keeps the clock's start (now − offset), so a manual clock stays put.
    start: () => mockClock().now() - mockClock().offset(),
  };

  function current(): Promise<Copy> | undefined {
    const transaction = transactions.getStore();
    if (!transaction) return undefined;
    transaction.loading ??= load(transaction).then((copy) => {
      transaction.loaded = copy;
      return copy;
    });
    return transaction.loading;
  }

  async function load({ slot, mode }: Transaction): Promise<Copy> {
    // A reset or a reseed starts from nothing.
    if (mode === 'force' || mode === 'nx') {
      const start = slot.start();
      return { version: '', text: '', store: createMemoryStore(), clock: clockAt(start, 0), start };
    }
    await slot.installed;
    for (;;) {
      const found = await slot.document.load(slot.cached?.version ?? '');
      if (found === undefined) {
        // A new session, or a restarted Redis without the state: the first replica to notice seeds it.
        await attempt(slot, 'nx', async () => slot.simulation?.reset(), true, { done: true });
        continue;
      }
      const { version, text = slot.cached?.text as string } = found;
      const parsed = JSON.parse(text) as SharedDocument;
      if (found.text !== undefined) remember(slot, version, text, parsed);
      const clock = clockAt(parsed.clock.start, parsed.clock.offset);
      return { version, text, store: createMemoryStore(parsed.state), clock, start: parsed.clock.start };
    }
  }

  function remember(slot: DocumentSlot, version: string, text: string, parsed: SharedDocument): void {
    slot.cached = { version, text, clock: clockAt(parsed.clock.start, parsed.clock.offset) };
  }

  /**
   * Runs `work` as a transaction on the slot's document; `eager` loads it first, for work that reads the
   * clock. A request in a session that ran no script of its orders uses the session at its end.
   */
  async function run<T>(slot: DocumentSlot, mode: Mode, work: () => Promise<T>, eager: boolean): Promise<T> {
    const entered = { done: slot.entry === undefined };
    try {
      return await attempt(slot, mode, work, eager, entered);
    } finally {
      if (!entered.done) await slot.entry?.use();
    }
  }

  async function attempt<T>(
    slot: DocumentSlot,
    mode: Mode,
    work: () => Promise<T>,
    eager: boolean,
    entered: { done: boolean },
  ): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const transaction: Transaction = { slot, mode };
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
      entered.done ||= transaction.entered === true;
      // What a request changed before it failed stays changed, as with the in-memory store.
      if (mode === 'read' || !transaction.loading || (await commit(slot, mode, await transaction.loading))) {
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      }
      if (mode === 'nx') return undefined as T;
    }
    throw storeUnavailable();
  }

  /** Writes the request's copy back; false when another replica wrote first (the request runs again). */
  async function commit(slot: DocumentSlot, mode: CommitMode, copy: Copy): Promise<boolean> {
    // now − offset is a manual clock's start. A system clock's start means nothing, and now − offset moves
    // with real time: the start read is written back, so a request that changed nothing writes nothing.
    const offset = copy.clock.offset();
    const start = copy.clock.mode === 'manual' ? copy.clock.now() - offset : copy.start;
    const clock = { start, offset };
    const document = { state: copy.store.snapshot(), clock } satisfies SharedDocument;
    const text = JSON.stringify(document);
    if (mode === 'cas' && text === copy.text) return true;
    const version = await slot.document.commit(mode, copy.version, text);
    if (version === undefined) return false;
    remember(slot, version, text, document);
    return true;
  }

  // Outside a request (only while a simulation seeds itself when built) the calls go to the boot copy.
  const store = delegatingStore(async () => (await current())?.store ?? boot.store);

  // The request's copy when loaded, else the latest document this process saw of the request's state.
  const clock = delegatingClock(mode, () => {
    const transaction = transactions.getStore();
    return transaction?.loaded?.clock ?? transaction?.slot.cached?.clock ?? mockClock();
  });

  /** The states of sessions and their documents; any other state is the default one. */
  const sessionSlots = new WeakMap<MockState, DocumentSlot>();

  /**
   * The default state, met on its first request: its simulation seeds the default document, and the first
   * process to get here installs its seed (the simulation's, on the boot copy); later ones keep what they find.
   */
  function adopt(state: MockState): DocumentSlot {
    if (main.installed) return main;
    main.simulation = simulationOf(state.extensions);
    main.installed = (async () => {
      await main.simulation?.ready;
      await commit(main, 'nx', { version: '', text: '', ...boot });
    })();
    main.installed.catch(() => {}); // reported by the request that waits for it
    return main;
  }

  /** The simulation among a state's extensions, which seeds its document. */
  const simulationOf = (extensions: readonly MockExtension[]) =>
    extensions.find((extension): extension is DomainsDashboard => 'simulation' in extension)?.simulation;

  return {
    store,
    clock,
    /** The mock's clock now, and the version of the default document it was read from ('' if none seen). */
    mockNow: () => ({ now: mockClock().now(), version: main.cached?.version ?? '' }),
    /** Notes that a script of the session's orders used the session in the running request. */
    noteEntered(): void {
      const transaction = transactions.getStore();
      if (transaction) transaction.entered = true;
    },
    /** Loads the running request's copy of its state's document, so that the clock it reads is the shared one. */
    async loadClock(): Promise<void> {
      await current();
    },
    /** Reads the default document again when another replica changed it (its clock, for session expiry). */
    async refresh(): Promise<void> {
      const found = await main.document.load(main.cached?.version ?? '');
      if (found?.text !== undefined) {
        remember(main, found.version, found.text, JSON.parse(found.text) as SharedDocument);
      }
    },
    /**
     * A session's document under `sessionPrefix`, and `build` run on a throwaway copy: what the state does
     * when built (its simulation seeds itself) must not reach any document. A session's clock starts where
     * the mock's stands.
     */
    session(sessionPrefix: string, alive: SessionDocument, build: () => MockState) {
      const slot: DocumentSlot = {
        document: dashboardDocument(client, sessionPrefix, alive),
        start: () => mockClock().now(),
      };
      const start = base.now();
      const scratch: Copy = {
        version: '',
        text: '',
        store: createMemoryStore(),
        clock: clockAt(start, 0),
        start,
      };
      const state = transactions.run(
        { slot, mode: 'read', loaded: scratch, loading: Promise.resolve(scratch) },
        build,
      );
      slot.simulation = simulationOf(state.extensions);
      sessionSlots.set(state, slot);
      return { state, slot };
    },
    /**
     * Runs `work` as a transaction on the document of `state` (a session's, or the default one): a request
     * under /__ on the latest document, written back if it changed; the Store API's requests read it only if
     * they need the simulation; a reset from code (`request` undefined) writes the seed over whatever is there.
     */
    run<T>(request: MockRequest | undefined, state: MockState, work: () => Promise<T>): Promise<T> {
      const slot = sessionSlots.get(state) ?? adopt(state);
      slot.entry?.claim();
      if (request === undefined) return run(slot, 'force', work, true);
      const own = request.path.startsWith('/__');
      // The orders' hot path reads no clock but the journal's (the last one this process saw): no load.
      const eager = own || !request.path.startsWith(`${state.basePath}/store/`);
      return run(slot, own ? 'cas' : 'read', work, eager);
    },
  };
}

export type SharedDashboard = ReturnType<typeof createSharedDashboard>;
