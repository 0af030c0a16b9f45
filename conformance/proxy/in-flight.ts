/**
 * The exchanges under way, counted, so that stopping can let them finish. A count rather than a Set of their
 * promises: a long-lived Set that gains and loses an entry per exchange replaces its hash table again and
 * again, and V8 links each replaced table to its successor; once one of them reaches the old generation, that
 * chain keeps every later table, and the exchanges' promises in it, alive through the young generation's
 * collections until a full one.
 */
export interface InFlight {
  begin(): void;
  end(): void;
  /** Resolves once no exchange is under way (at once when none is). */
  idle(): Promise<void>;
}

export function createInFlight(): InFlight {
  let count = 0;
  let waiters: Array<() => void> = [];
  return {
    begin() {
      count++;
    },
    end() {
      count--;
      if (count > 0 || waiters.length === 0) return;
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}
