import type { ExchangeRecord } from '../../exchange/record.ts';
import { traceIdOf } from '../../exchange/record.ts';
import { redactRecord } from '../../exchange/redact.ts';
import type { ExchangeContext, KeptExchange } from './journal-reading.ts';

// What the journal makes of an entry when read as exchanges: the one exchange record, redacted.

const NO_ANSWER = {
  reset: 'no answer: a fault rule reset the connection',
  empty: 'no answer: a fault rule closed the connection without a byte',
} as const;

/** One journal entry (already redacted for the JSON read) and what was kept of it, as an exchange record. */
export function exchangeOf(kept: KeptExchange, context: ExchangeContext): ExchangeRecord {
  const { entry, response, size } = kept;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(kept.headers)) if (value !== undefined) headers[name] = value;
  const origin = context.origin ?? `http://${headers.host ?? 'localhost'}`;
  const traceId = traceIdOf(headers);
  const fault = response?.delivery?.fault;
  const answered = response !== undefined && fault !== 'reset' && fault !== 'empty';
  const bodyKept = response?.body !== undefined;
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
            ...(bodyKept ? { body: response.body?.text as string } : {}),
            ...(size >= 0 ? { bodyBytes: size } : {}),
          },
        }
      : entry.status === 0 || fault !== undefined
        ? { error: NO_ANSWER[fault as 'reset' | 'empty'] ?? 'no answer was sent' }
        : { response: { status: entry.status, headers: {} } }),
    ...(answered && !bodyKept && size > 0
      ? { comment: `The body (${size} bytes) was not kept: over the journal's responseBodyBytes.` }
      : {}),
  };
  return redactRecord(record, context.secrets);
}
