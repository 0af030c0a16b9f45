/**
 * The one record of an HTTP exchange: what was asked, what came back, when, and who answered. The mock's
 * journal, the conformance runner, exploration and the validating proxy all produce it; a journal entry, a
 * HAR entry and a report line are renderings of it. Data only: no runtime, no mock and no grading.
 */

/** Who produced the answer: the mock from its own state, or a real server (a pass-through, a proxied upstream, a graded deployment). */
export type ExchangeSource = 'mock' | 'upstream';

/** Header names lower-case; a repeated field joined with `, ` as Fetch does. */
export type RecordedHeaders = Readonly<Record<string, string>>;

export interface RecordedRequest {
  readonly method: string;
  /** Absolute, query included: `http://127.0.0.1:4010/v1/store/orders?x=1`. */
  readonly url: string;
  readonly headers: RecordedHeaders;
  /** The body as text, when it was kept. */
  readonly body?: string;
}

export interface RecordedResponse {
  /** 0 when no answer came (a reset connection, a network error). */
  readonly status: number;
  /** The reason phrase, when known. */
  readonly statusText?: string;
  readonly headers: RecordedHeaders;
  /** The body as text, when it was kept (decoded from any Content-Encoding). */
  readonly body?: string;
  /** The body's size in bytes, when known, whether or not it was kept. */
  readonly bodyBytes?: number;
}

export interface ExchangeRecord {
  /** When the request started, in ms since the epoch (the producer's clock: the mock's one clock for the journal). */
  readonly startedAt: number;
  /** From the request's start to the answer's end (for the journal: the delay it added). */
  readonly durationMs: number;
  readonly source: ExchangeSource;
  /** The mock session (`X-Mock-Session`) that answered, when there was one. */
  readonly session?: string;
  /** The W3C trace id of the request (`traceparent`), when it carried one. */
  readonly traceId?: string;
  readonly request: RecordedRequest;
  /** Absent when no answer came; `error` then says why. */
  readonly response?: RecordedResponse;
  readonly error?: string;
  /** Anything a reader should know: a body not kept, a fault injected. */
  readonly comment?: string;
}

const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}/;

/** The trace id of a W3C `traceparent` header (an all-zero id is invalid and ignored), or undefined. */
export function traceIdOf(headers: RecordedHeaders): string | undefined {
  const id = TRACEPARENT.exec(headers.traceparent?.trim().toLowerCase() ?? '')?.[1];
  return id === undefined || /^0+$/.test(id) ? undefined : id;
}

/** Raw fields (`[name, value, …]`, as node:http and undici give them) as recorded headers. */
export function headerRecord(rawHeaders: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    record[name] = name in record ? `${record[name]}, ${value}` : value;
  }
  return record;
}
