import { findEntries, type JournalQuery } from './journal-query.ts';
import type { HeaderMap, MockRequest } from './types.ts';

export interface JournalEntry {
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  /** Request headers: Authorization-like ones redacted, and the mock's keys wherever they appear. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface JournalLimits {
  /** How many requests it keeps; default 1000. */
  readonly entries?: number;
  /** How many bytes of requests (path, query, headers) it keeps; default 4 MiB. */
  readonly bytes?: number;
  /** How many bytes one read returns at most (the newest entries that fit); default 1 MiB. */
  readonly readBytes?: number;
}

export const JOURNAL_DEFAULTS = { entries: 1000, bytes: 4 * 1024 * 1024, readBytes: 1024 * 1024 } as const;

/** Headers whose whole value is a credential, whatever it holds. */
const SECRET_HEADER = /authorization|cookie|api-key|apikey|token|secret|session|password/;
const REDACTED = '[redacted]';
/** What an entry costs beside its strings (the object, the time, the status), as counted against the cap. */
const ENTRY_OVERHEAD = 64;

interface RawEntry {
  readonly time: number;
  readonly request: MockRequest;
  readonly status: number;
  readonly bytes: number;
}

/**
 * The last requests, oldest first, within a count and a byte budget. Recording keeps a reference (a request
 * with a body is copied without it, so no rejected body is kept); redaction and copying happen when the
 * journal is read, and a read covers at most `readBytes` of entries, so it stays short whatever was sent.
 */
export class RequestJournal {
  readonly #entries: RawEntry[] = [];
  /** Where the kept entries start in `#entries`: dropping the oldest moves it, not the array. */
  #head = 0;
  #bytes = 0;
  readonly #limits: Required<JournalLimits>;
  readonly #secrets: readonly string[];

  /** `secrets`: the values to redact wherever they appear (the mock's keys). */
  constructor(limits: number | JournalLimits = {}, secrets: readonly string[] = []) {
    const given = typeof limits === 'number' ? { entries: limits } : limits;
    this.#limits = { ...JOURNAL_DEFAULTS, ...given };
    // With their percent-encoded forms, longest first so that no key leaves a fragment of another.
    this.#secrets = [...new Set(secrets.flatMap((key) => [key, encodeURIComponent(key)]))]
      .filter((key) => key.length > 0)
      .sort((a, b) => b.length - a.length);
  }

  get limit(): number {
    return this.#limits.entries;
  }

  /** How many requests it holds. */
  get size(): number {
    return this.#entries.length - this.#head;
  }

  /** The bytes the kept entries count for (path, query and headers). */
  get bytes(): number {
    return this.#bytes;
  }

  record(request: MockRequest, status: number, time: number): void {
    const kept =
      request.body === undefined
        ? request
        : { method: request.method, path: request.path, query: request.query, headers: request.headers };
    const bytes = sizeOf(kept);
    // One entry beyond the byte budget is not kept at all (headers are capped at 64 KiB by the adapters).
    if (bytes > this.#limits.bytes) return;
    this.#entries.push({ time, request: kept, status, bytes });
    this.#bytes += bytes;
    while (this.#entries.length - this.#head > this.#limits.entries || this.#bytes > this.#limits.bytes) {
      this.#bytes -= (this.#entries[this.#head] as RawEntry).bytes;
      this.#head++;
    }
    // Compacting now and then, not on every request, keeps the cost of dropping one entry constant.
    if (this.#head >= this.#limits.entries) {
      this.#entries.splice(0, this.#head);
      this.#head = 0;
    }
  }

  /** The newest entries that fit in the read budget, oldest first, redacted. */
  entries(): JournalEntry[] {
    let budget = this.#limits.readBytes;
    let first = this.#entries.length;
    while (first > this.#head) {
      const bytes = (this.#entries[first - 1] as RawEntry).bytes;
      if (bytes > budget) break;
      budget -= bytes;
      first--;
    }
    return this.#entries.slice(first).map(({ time, request, status }) => ({
      time: new Date(time).toISOString(),
      method: request.method,
      path: this.#redact(request.path),
      query: this.#redact(request.query),
      status,
      headers: this.#redactHeaders(request.headers),
    }));
  }

  /** The entries that match every filter given, oldest first; `limit` keeps the newest (journal-query.ts). */
  find(query: JournalQuery): JournalEntry[] {
    return findEntries(this.entries(), query);
  }

  clear(): void {
    this.#entries.length = 0;
    this.#head = 0;
    this.#bytes = 0;
  }

  #redactHeaders(headers: HeaderMap): Record<string, string> {
    const copy: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      copy[name] = SECRET_HEADER.test(name) ? REDACTED : this.#redact(value);
    }
    return copy;
  }

  #redact(text: string): string {
    let result = text;
    for (const secret of this.#secrets) {
      if (result.includes(secret)) result = result.replaceAll(secret, REDACTED);
    }
    return result;
  }
}

function sizeOf(request: MockRequest): number {
  let bytes = ENTRY_OVERHEAD + request.path.length + request.query.length;
  const { headers } = request;
  for (const name in headers) bytes += name.length + (headers[name]?.length ?? 0);
  return bytes;
}
