import type { ExchangeRecord } from '../../exchange/record.ts';
import { traceIdOf } from '../../exchange/record.ts';
import { redactRecord } from '../../exchange/redact.ts';
import type { SecretRedactor } from '../../exchange/secrets.ts';
import type { HeaderMap, MockResponse, ResponseBody } from '../types.ts';
import type { JournalEntry } from './journal-entry.ts';

// What the journal makes of an entry when read as exchanges: the one exchange record, redacted.

/** The size of a body as an adapter sends it: its chunks' bytes, or its text's length (the mock's JSON is ASCII). */
export function bodySize(body: ResponseBody | undefined): number {
  if (body === undefined) return 0;
  if (body.chunks === undefined) return body.text.length;
  let bytes = 0;
  for (const chunk of body.chunks) bytes += chunk.byteLength;
  return bytes;
}

/** An answer whose body is too large to keep: its status and headers only. */
export function withoutBody({ status, headers, delivery }: MockResponse): MockResponse {
  return delivery === undefined ? { status, headers } : { status, headers, delivery };
}

const NO_ANSWER = {
  reset: 'no answer: a fault rule reset the connection',
  empty: 'no answer: a fault rule closed the connection without a byte',
} as const;

export interface ExchangeContext {
  readonly session?: string | undefined;
  readonly origin?: string | undefined;
  readonly secrets: SecretRedactor;
}

/** One journal entry (already redacted for the JSON read) and what was kept of it, as an exchange record. */
export function exchangeOf(
  request: { readonly headers: HeaderMap },
  entry: JournalEntry,
  response: MockResponse | undefined,
  size: number,
  context: ExchangeContext,
): ExchangeRecord {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
  const origin = context.origin ?? `http://${headers.host ?? 'localhost'}`;
  const traceId = traceIdOf(headers);
  const fault = response?.delivery?.fault;
  const answered = response !== undefined && fault !== 'reset' && fault !== 'empty';
  const kept = response?.body !== undefined;
  const record: ExchangeRecord = {
    startedAt: Date.parse(entry.time),
    durationMs: response?.delivery?.delayMs ?? 0,
    source: entry.source,
    ...(context.session === undefined ? {} : { session: context.session }),
    ...(traceId === undefined ? {} : { traceId }),
    request: {
      method: entry.method,
      url: `${origin}${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`,
      headers,
    },
    ...(answered
      ? {
          response: {
            status: response.status,
            headers: response.headers,
            ...(kept ? { body: response.body?.text as string } : {}),
            ...(size >= 0 ? { bodyBytes: size } : {}),
          },
        }
      : entry.status === 0 || fault !== undefined
        ? { error: NO_ANSWER[fault as 'reset' | 'empty'] ?? 'no answer was sent' }
        : { response: { status: entry.status, headers: {} } }),
    ...(answered && !kept && size > 0
      ? { comment: `The body (${size} bytes) was not kept: over the journal's responseBodyBytes.` }
      : {}),
  };
  return redactRecord(record, context.secrets);
}
