import type { JournalEntry, JournalSource } from './journal-entry.ts';
import { type PathPattern, pathPattern } from './path-pattern.ts';

/** Filters over the journal; they combine (every one given must hold). */
export interface JournalQuery {
  /** Any case: `delete` finds DELETE. */
  readonly method?: string;
  /** A request path; `*` matches any characters (`/v1/store/orders/*`), at most MAX_WILDCARDS of them. */
  readonly path?: string;
  readonly status?: number;
  /** Who answered: `mock`, or `upstream` (a request passed through to a real server). */
  readonly source?: JournalSource;
  /** At or after this instant (an ISO date-time or ms since the epoch) of the mock's clock. */
  readonly since?: string | number;
  /** Keep the newest N matching entries (still oldest first). */
  readonly limit?: number;
}

/** The matching entries, oldest first, as the journal keeps them. */
export function findEntries(entries: readonly JournalEntry[], query: JournalQuery): JournalEntry[] {
  const method = query.method?.toUpperCase();
  const path: PathPattern | undefined = query.path === undefined ? undefined : pathPattern(query.path);
  const since = query.since === undefined ? undefined : new Date(query.since).getTime();
  const found = entries.filter(
    (entry) =>
      (method === undefined || entry.method === method) &&
      (path === undefined || path.test(entry.path)) &&
      (query.status === undefined || entry.status === query.status) &&
      (query.source === undefined || entry.source === query.source) &&
      (since === undefined || Date.parse(entry.time) >= since),
  );
  return query.limit === undefined ? found : found.slice(Math.max(0, found.length - query.limit));
}
