import type { HeaderMap, MockRequest } from '../types.ts';
import type { JournalEntry } from './journal-entry.ts';
import { findEntries, type JournalQuery } from './journal-query.ts';
import { createRedaction, type Redaction } from './redaction.ts';

export type { JournalEntry } from './journal-entry.ts';

export interface JournalLimits {
  /** How many requests it keeps; default 1000. */
  readonly entries?: number;
  /** How many bytes of requests (path, query, headers) it keeps; default 4 MiB. */
  readonly bytes?: number;
  /** How many bytes one read returns at most (the newest entries that fit); default 1 MiB. */
  readonly readBytes?: number;
}

export const JOURNAL_DEFAULTS = { entries: 1000, bytes: 4 * 1024 * 1024, readBytes: 1024 * 1024 } as const;

/** What an entry costs beside its strings (the object, the time, the status), as counted against the cap. */
const ENTRY_OVERHEAD = 64;

/** What the journal keeps of a request: no body, and one object shared by consecutive repeats. */
interface Kept {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: HeaderMap;
  /** How many header fields `headers` has (to compare with the next request's). */
  readonly fields: number;
  /** Path, query and headers in bytes, plus the entry's overhead: what an entry counts against the budget. */
  readonly bytes: number;
}

/**
 * The last requests, oldest first, within a count and a byte budget. An entry is a time, a status and a
 * reference to what was kept of its request, in a ring of columns: recording allocates nothing when a request
 * repeats the one before (a load test's case), so nothing per request survives into the garbage collector's
 * older generations (docs/performance.md). Redaction and copying happen when the journal is read, and a read
 * covers at most `readBytes` of entries, so it stays short whatever was sent.
 */
export class RequestJournal {
  readonly #limits: Required<JournalLimits>;
  readonly #redaction: Redaction;
  #kept: (Kept | undefined)[] = [];
  #times = new Float64Array(0);
  #statuses = new Uint16Array(0);
  /** Index of the oldest entry in the ring, and how many there are. */
  #first = 0;
  #count = 0;
  #bytes = 0;
  #last: Kept | undefined;

  /** `secrets`: the values to redact wherever they appear (the mock's keys and client secrets). */
  constructor(limits: number | JournalLimits = {}, secrets: readonly string[] = []) {
    const given = typeof limits === 'number' ? { entries: limits } : limits;
    this.#limits = { ...JOURNAL_DEFAULTS, ...given };
    this.#redaction = createRedaction(secrets);
  }

  get limit(): number {
    return this.#limits.entries;
  }

  /** How many requests it holds. */
  get size(): number {
    return this.#count;
  }

  /** The bytes the kept entries count for (path, query and headers). */
  get bytes(): number {
    return this.#bytes;
  }

  record(request: MockRequest, status: number, time: number): void {
    const kept = this.#keep(request);
    // One entry beyond the byte budget is not kept at all (headers are capped at 64 KiB by the adapters).
    if (kept.bytes > this.#limits.bytes || this.#limits.entries < 1) return;
    if (this.#count === this.#times.length) this.#grow();
    while (
      this.#count > 0 &&
      (this.#count >= this.#limits.entries || this.#bytes + kept.bytes > this.#limits.bytes)
    ) {
      this.#dropOldest();
    }
    const slot = (this.#first + this.#count) % this.#times.length;
    this.#kept[slot] = kept;
    this.#times[slot] = time;
    this.#statuses[slot] = status;
    this.#count++;
    this.#bytes += kept.bytes;
  }

  /** The newest entries that fit in the read budget, oldest first, redacted. */
  entries(): JournalEntry[] {
    let budget = this.#limits.readBytes;
    let taken = 0;
    while (taken < this.#count) {
      const bytes = this.#at(this.#count - 1 - taken).bytes;
      if (bytes > budget) break;
      budget -= bytes;
      taken++;
    }
    const result: JournalEntry[] = [];
    for (let index = this.#count - taken; index < this.#count; index++) {
      const request = this.#at(index);
      const slot = (this.#first + index) % this.#times.length;
      result.push({
        time: new Date(this.#times[slot] as number).toISOString(),
        method: request.method,
        path: this.#redaction.text(request.path),
        query: this.#redaction.text(request.query),
        status: this.#statuses[slot] as number,
        headers: this.#redaction.headers(request.headers),
      });
    }
    return result;
  }

  /** The entries that match every filter given, oldest first; `limit` keeps the newest (journal-query.ts). */
  find(query: JournalQuery): JournalEntry[] {
    return findEntries(this.entries(), query);
  }

  clear(): void {
    this.#kept = [];
    this.#times = new Float64Array(0);
    this.#statuses = new Uint16Array(0);
    this.#first = 0;
    this.#count = 0;
    this.#bytes = 0;
    this.#last = undefined;
  }

  /**
   * The previous request's kept copy when this one repeats it; otherwise a new one, which still shares the
   * previous headers object when the headers repeat (a run of requests to fresh ids keeps one path string each).
   */
  #keep(request: MockRequest): Kept {
    const last = this.#last;
    const { headers } = request;
    let fields = 0;
    let headerBytes = 0;
    let sameHeaders = last !== undefined;
    for (const name in headers) {
      const value = headers[name];
      fields++;
      headerBytes += name.length + (value?.length ?? 0);
      if (sameHeaders && (last as Kept).headers[name] !== value) sameHeaders = false;
    }
    sameHeaders &&= (last as Kept).fields === fields;
    const { method, path, query } = request;
    if (sameHeaders && last?.method === method && last.path === path && last.query === query) return last;
    const kept = (sameHeaders ? (last as Kept).headers : headers) as HeaderMap;
    this.#last = {
      method,
      path,
      query,
      headers: kept,
      fields,
      bytes: ENTRY_OVERHEAD + path.length + query.length + headerBytes,
    };
    return this.#last;
  }

  #at(index: number): Kept {
    return this.#kept[(this.#first + index) % this.#times.length] as Kept;
  }

  #dropOldest(): void {
    this.#bytes -= this.#at(0).bytes;
    this.#kept[this.#first] = undefined;
    this.#first = (this.#first + 1) % this.#times.length;
    this.#count--;
  }

  /** Doubles the ring (up to the entry limit), the oldest entry moving to slot 0. */
  #grow(): void {
    const capacity = Math.min(Math.max(16, this.#times.length * 2), this.#limits.entries);
    if (capacity === this.#times.length) return;
    const kept: (Kept | undefined)[] = new Array(capacity);
    const times = new Float64Array(capacity);
    const statuses = new Uint16Array(capacity);
    for (let index = 0; index < this.#count; index++) {
      const slot = (this.#first + index) % this.#times.length;
      kept[index] = this.#kept[slot];
      times[index] = this.#times[slot] as number;
      statuses[index] = this.#statuses[slot] as number;
    }
    this.#kept = kept;
    this.#times = times;
    this.#statuses = statuses;
    this.#first = 0;
  }
}
