import { findEntries, type JournalQuery } from './journal-query.ts';
import type { HeaderMap, MockRequest } from './types.ts';

export interface JournalEntry {
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  /** Request headers, with Authorization (and cookies) redacted. */
  readonly headers: Readonly<Record<string, string>>;
}

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

interface RawEntry {
  readonly time: number;
  readonly request: MockRequest;
  readonly status: number;
}

/**
 * The last `limit` requests, oldest first. Recording keeps a reference; redaction and copying happen when
 * the journal is read, so a request that nobody inspects costs one array slot.
 */
export class RequestJournal {
  readonly #entries: RawEntry[] = [];
  #next = 0;

  constructor(readonly limit = 1000) {}

  /** How many requests it holds. */
  get size(): number {
    return this.#entries.length;
  }

  record(request: MockRequest, status: number, time: number): void {
    const entry = { time, request, status };
    if (this.#entries.length < this.limit) this.#entries.push(entry);
    else this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % this.limit;
  }

  entries(): JournalEntry[] {
    const ordered =
      this.#entries.length < this.limit
        ? this.#entries
        : [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)];
    return ordered.map(({ time, request, status }) => ({
      time: new Date(time).toISOString(),
      method: request.method,
      path: request.path,
      query: request.query,
      status,
      headers: redact(request.headers),
    }));
  }

  /** The entries that match every filter given, oldest first; `limit` keeps the newest (journal-query.ts). */
  find(query: JournalQuery): JournalEntry[] {
    return findEntries(this.entries(), query);
  }

  clear(): void {
    this.#entries.length = 0;
    this.#next = 0;
  }
}

function redact(headers: HeaderMap): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    copy[name] = SECRET_HEADERS.has(name) ? '[redacted]' : value;
  }
  return copy;
}
