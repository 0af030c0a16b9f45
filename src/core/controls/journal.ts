import type { Har } from 'har-format';
import { isCredentialName } from '../../exchange/credential-names.ts';
import type { HarOptions } from '../../exchange/har.ts';
import type { ExchangeRecord, ExchangeSource } from '../../exchange/record.ts';
import { REDACTED, SecretRedactor } from '../../exchange/secrets.ts';
import type { HeaderMap, MockRequest, MockResponse, ResponseBody } from '../types.ts';
import type { JournalEntry } from './journal-entry.ts';
import { findEntries, type JournalQuery } from './journal-query.ts';
import type {
  JournalExport,
  JournalReading,
  KeptExchange,
  LoadJournalExport,
  RenderedHar,
} from './journal-reading.ts';

export type { JournalEntry } from './journal-entry.ts';

export interface JournalLimits {
  /** How many requests it keeps; default 1000. */
  readonly entries?: number;
  /** How many bytes of requests (path, query, headers) it keeps; default 4 MiB. */
  readonly bytes?: number;
  /** How many bytes one read returns at most (the newest entries that fit); default 1 MiB. */
  readonly readBytes?: number;
  /**
   * Store API answer bodies up to this size are kept for the HAR (`?format=har`); larger ones are counted,
   * not kept. Default 64 KiB; 0 keeps none. Kept bodies count against `bytes`.
   */
  readonly responseBodyBytes?: number;
}

export const JOURNAL_DEFAULTS = {
  entries: 1000,
  bytes: 4 * 1024 * 1024,
  readBytes: 1024 * 1024,
  responseBodyBytes: 64 * 1024,
} as const;

/** Where the journal is, for the records it hands out. */
export interface JournalContext {
  /** The session whose requests it holds; undefined for the default state. */
  readonly session?: string | undefined;
  /** The origin for absolute URLs (`http://127.0.0.1:4010`); default each request's Host, else `http://localhost`. */
  readonly origin?: string | undefined;
  /** The tool named as the HAR's creator. */
  readonly creator?: HarOptions['creator'];
  /**
   * Loads what reads the journal as exchange records and HAR (journal-export.ts): the composition root passes
   * the control planes' loader, so that code is not loaded before an export is asked for.
   */
  readonly loadExport: LoadJournalExport;
}

/** What an entry costs beside its strings (the object, the time, the status), as counted against the cap. */
const ENTRY_OVERHEAD = 64;

/** What the journal keeps of a request: no body, and one object shared by consecutive repeats. */
export interface Kept {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: HeaderMap;
  /** Path, query and headers in bytes, plus the entry's overhead: what an entry counts against the budget. */
  readonly bytes: number;
}

/**
 * The last requests, oldest first, within a count and a byte budget. An entry is a time, a status, a source,
 * a reference to what was kept of its request and to its answer, in a ring of columns: recording allocates
 * nothing when a request repeats the one before (a load test's case), so nothing per request survives into
 * the garbage collector's older generations (docs/performance.md). An answer is kept by reference (most are
 * shared objects: the list while it does not change, the prepared 401); its body counts against the budget
 * unless the entry before had the same one, and a body over `responseBodyBytes` is not kept. Redaction and
 * copying happen when the journal is read, and a read covers at most `readBytes` of entries (of requests
 * for the JSON read, of requests and bodies for the HAR), so it stays short whatever was sent.
 */
export class RequestJournal {
  readonly #limits: Required<JournalLimits>;
  readonly #secrets: SecretRedactor;
  readonly #context: JournalContext;
  #kept: (Kept | undefined)[] = [];
  #times = new Float64Array(0);
  #statuses = new Uint16Array(0);
  /** The answers, by reference; without their body when it was over the limit. */
  #responses: (MockResponse | undefined)[] = [];
  /** The size of each answer's body in bytes (-1: only the status was recorded). */
  #bodySizes = new Float64Array(0);
  /** What each entry's body counts against the budget (0 when shared with the entry before, or not kept). */
  #bodyBytes = new Float64Array(0);
  /** 0: the mock answered; 1: a real server did (a pass-through). */
  #sources = new Uint8Array(0);
  /** The previous answer and what was made of it, so a repeated answer costs no work. */
  #lastResponse: MockResponse | undefined;
  #lastKept: MockResponse | undefined;
  #lastSize = -1;
  /** Index of the oldest entry in the ring, and how many there are. */
  #first = 0;
  #count = 0;
  #bytes = 0;
  #last: Kept | undefined;
  /**
   * The last request's header fields as name, value, name, value… in their order: the next request's are
   * compared with them by position, where looking each name up in the last headers object was a megamorphic
   * keyed load per field (docs/performance.md, "Round 10").
   */
  readonly #lastFields: (string | string[] | undefined)[] = [];
  /** Entries recorded since the journal was made: entry `index` (from the oldest) is number `#recorded - #count + index`. */
  #recorded = 0;
  /**
   * The HAR JSON of each entry the last HAR read rendered: an entry never changes once recorded, so the next
   * read renders only the entries new since.
   */
  #rendered: RenderedHar = { parts: new Map(), secrets: 0 };

  /** `secrets`: what to redact wherever it appears (the mock's keys, in the mock's one redactor). */
  constructor(
    limits: number | JournalLimits,
    secrets: SecretRedactor | readonly string[],
    context: JournalContext,
  ) {
    const given = typeof limits === 'number' ? { entries: limits } : limits;
    this.#limits = { ...JOURNAL_DEFAULTS, ...given };
    this.#context = context;
    this.#secrets = secrets instanceof SecretRedactor ? secrets : new SecretRedactor(secrets);
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

  /**
   * Records a request and its answer (or only its status) at `time` on the mock's clock; `source` says who
   * answered (`upstream`: a real server the request was passed through to).
   */
  record(
    request: MockRequest,
    answer: number | MockResponse,
    time: number,
    source: ExchangeSource = 'mock',
  ): void {
    const kept = this.#keep(request);
    let response: MockResponse | undefined;
    let size = -1;
    let bodyBytes = 0;
    if (typeof answer !== 'number') {
      if (answer !== this.#lastResponse) {
        const sharedBody = answer.body !== undefined && answer.body === this.#lastResponse?.body;
        size = bodySize(answer.body);
        response = size > this.#limits.responseBodyBytes ? withoutBody(answer) : answer;
        bodyBytes = response.body === undefined || sharedBody ? 0 : size;
        this.#lastResponse = answer;
        this.#lastKept = response;
        this.#lastSize = size;
      } else {
        response = this.#lastKept;
        size = this.#lastSize;
      }
    }
    const bytes = kept.bytes + bodyBytes;
    // One entry beyond the byte budget is not kept at all (headers are capped at 64 KiB by the adapters).
    if (bytes > this.#limits.bytes || this.#limits.entries < 1) return;
    if (this.#count === this.#times.length) this.#grow();
    while (
      this.#count > 0 &&
      (this.#count >= this.#limits.entries || this.#bytes + bytes > this.#limits.bytes)
    ) {
      this.#dropOldest();
    }
    const slot = (this.#first + this.#count) % this.#times.length;
    this.#kept[slot] = kept;
    this.#times[slot] = time;
    this.#statuses[slot] = typeof answer === 'number' ? answer : answer.status;
    this.#responses[slot] = response;
    this.#bodySizes[slot] = size;
    this.#bodyBytes[slot] = bodyBytes;
    this.#sources[slot] = source === 'mock' ? 0 : 1;
    this.#count++;
    this.#recorded++;
    this.#bytes += bytes;
  }

  /** The newest entries that fit in the read budget, oldest first, redacted. */
  entries(): JournalEntry[] {
    return this.#read(false).map(({ entry }) => entry);
  }

  /** The entries that match every filter given, oldest first; `limit` keeps the newest (journal-query.ts). */
  find(query: JournalQuery): JournalEntry[] {
    return findEntries(this.entries(), query);
  }

  /**
   * The exchanges that match the filters, oldest first, as the one exchange record (src/exchange):
   * requests without bodies (the journal keeps none), answers with their bodies when kept; redacted. The
   * entries are those kept when it is called; the code that writes them loads on first use.
   */
  exchanges(query: JournalQuery = {}): Promise<ExchangeRecord[]> {
    return this.#export('journalExchanges', query);
  }

  /**
   * The exchanges that match the filters as a HAR 1.2 document (`GET /__mock/requests?format=har`), which
   * Chrome DevTools' "Import HAR" opens; credentials redacted. The entries are those kept when it is called;
   * the HAR writer loads on first use.
   *
   * @example writeFileSync('mock.har', JSON.stringify(await controller.journal.toHar({ method: 'DELETE' })));
   */
  toHar(query: JournalQuery = {}): Promise<Har> {
    return this.#export('journalHar', query);
  }

  /**
   * `toHar(query)` as a JSON body, its text the same as `JSON.stringify(await toHar(query))`: what
   * `GET /__mock/requests?format=har` answers, in parts (one per entry, kept as bytes), rendering only the
   * entries the previous read did not.
   */
  harBody(query: JournalQuery = {}): Promise<ResponseBody> {
    return this.#export('journalHarBody', query);
  }

  /** Reads the kept exchanges now, and has the export `name` (loaded on first use) write them. */
  async #export<Name extends keyof JournalExport>(
    name: Name,
    query: JournalQuery,
  ): Promise<ReturnType<JournalExport[Name]>> {
    const reading: JournalReading = {
      ...this.#context,
      secrets: this.#secrets,
      exchanges: this.#read(true),
      rendered: this.#rendered,
    };
    const code = await this.#context.loadExport();
    return code[name](reading, query) as ReturnType<JournalExport[Name]>;
  }

  /** The newest entries within the read budget (requests only, or with their kept bodies), oldest first. */
  #read(withBodies: boolean): KeptExchange[] {
    let budget = this.#limits.readBytes;
    let taken = 0;
    while (taken < this.#count) {
      const index = this.#count - 1 - taken;
      const slot = (this.#first + index) % this.#times.length;
      const body = withBodies && this.#responses[slot]?.body !== undefined ? this.#bodySizes[slot] : 0;
      const bytes = this.#at(index).bytes + (body as number);
      if (bytes > budget) break;
      budget -= bytes;
      taken++;
    }
    const result: KeptExchange[] = [];
    for (let index = this.#count - taken; index < this.#count; index++) {
      const request = this.#at(index);
      const slot = (this.#first + index) % this.#times.length;
      const entry: JournalEntry = {
        time: new Date(this.#times[slot] as number).toISOString(),
        method: request.method,
        path: this.#secrets.redact(request.path),
        query: this.#secrets.redact(request.query),
        status: this.#statuses[slot] as number,
        source: this.#sources[slot] === 0 ? 'mock' : 'upstream',
        headers: this.#redactHeaders(request.headers),
      };
      result.push({
        entry,
        number: this.#recorded - this.#count + index,
        headers: request.headers,
        response: this.#responses[slot],
        size: this.#bodySizes[slot] as number,
      });
    }
    return result;
  }

  clear(): void {
    this.#kept = [];
    this.#times = new Float64Array(0);
    this.#statuses = new Uint16Array(0);
    this.#responses = [];
    this.#bodySizes = new Float64Array(0);
    this.#bodyBytes = new Float64Array(0);
    this.#sources = new Uint8Array(0);
    this.#first = 0;
    this.#count = 0;
    this.#bytes = 0;
    this.#last = undefined;
    this.#lastFields.length = 0;
    this.#lastResponse = undefined;
    this.#lastKept = undefined;
    this.#lastSize = -1;
    this.#rendered = { parts: new Map(), secrets: 0 };
  }

  /**
   * The previous request's kept copy when this one repeats it; otherwise a new one, which still shares the
   * previous headers object when the headers repeat (a run of requests to fresh ids keeps one path string each).
   */
  #keep(request: MockRequest): Kept {
    const last = this.#last;
    const { headers } = request;
    const seen = this.#lastFields;
    let at = 0;
    let headerBytes = 0;
    let sameHeaders = last !== undefined;
    // Compared and, where they differ, overwritten in one pass: the fields become this request's.
    for (const name in headers) {
      const value = headers[name];
      headerBytes += name.length + (value?.length ?? 0);
      if (seen[at] !== name || seen[at + 1] !== value) {
        sameHeaders = false;
        seen[at] = name;
        seen[at + 1] = value;
      }
      at += 2;
    }
    if (seen.length !== at) {
      sameHeaders = false;
      seen.length = at;
    }
    const { method, path, query } = request;
    if (sameHeaders && last?.method === method && last.path === path && last.query === query) return last;
    const kept = (sameHeaders ? (last as Kept).headers : headers) as HeaderMap;
    this.#last = {
      method,
      path,
      query,
      headers: kept,
      bytes: ENTRY_OVERHEAD + path.length + query.length + headerBytes,
    };
    return this.#last;
  }

  #at(index: number): Kept {
    return this.#kept[(this.#first + index) % this.#times.length] as Kept;
  }

  #dropOldest(): void {
    this.#bytes -= this.#at(0).bytes + (this.#bodyBytes[this.#first] as number);
    this.#kept[this.#first] = undefined;
    this.#responses[this.#first] = undefined;
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
    const responses: (MockResponse | undefined)[] = new Array(capacity);
    const bodySizes = new Float64Array(capacity);
    const bodyBytes = new Float64Array(capacity);
    const sources = new Uint8Array(capacity);
    for (let index = 0; index < this.#count; index++) {
      const slot = (this.#first + index) % this.#times.length;
      kept[index] = this.#kept[slot];
      times[index] = this.#times[slot] as number;
      statuses[index] = this.#statuses[slot] as number;
      responses[index] = this.#responses[slot];
      bodySizes[index] = this.#bodySizes[slot] as number;
      bodyBytes[index] = this.#bodyBytes[slot] as number;
      sources[index] = this.#sources[slot] as number;
    }
    this.#kept = kept;
    this.#times = times;
    this.#statuses = statuses;
    this.#responses = responses;
    this.#bodySizes = bodySizes;
    this.#bodyBytes = bodyBytes;
    this.#sources = sources;
    this.#first = 0;
  }

  #redactHeaders(headers: HeaderMap): Record<string, string> {
    const copy: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      copy[this.#secrets.redactName(name)] = isCredentialName(name) ? REDACTED : this.#secrets.redact(value);
    }
    return copy;
  }
}

/** The size of a body as an adapter sends it: its chunks' bytes, or its text's length (the mock's JSON is ASCII). */
function bodySize(body: ResponseBody | undefined): number {
  if (body === undefined) return 0;
  if (body.chunks === undefined) return body.text.length;
  let bytes = 0;
  for (const chunk of body.chunks) bytes += chunk.byteLength;
  return bytes;
}

/** An answer whose body is too large to keep: its status and headers only. */
function withoutBody({ status, headers, delivery }: MockResponse): MockResponse {
  return delivery === undefined ? { status, headers } : { status, headers, delivery };
}
