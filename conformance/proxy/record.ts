import { isCredentialName } from '../../src/exchange/credential-names.ts';
import { type ExchangeRecord, headerRecord, type RecordedHeaders } from '../../src/exchange/record.ts';
import { redactRecord } from '../../src/exchange/redact.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import type { Forwarded } from './forward.ts';

/** Request bodies up to this size are kept in the proxy's HAR (the mock's journal keeps none). */
const MAX_KEPT_REQUEST_BODY = 64 * 1024;

/**
 * One forwarded exchange as the kit's one exchange record (for `proxy --har`): the request as sent upstream,
 * the answer as graded (its body decoded, when it could be), every text passed through `redact` (the
 * credentials the proxy has seen so far).
 */
export function recordOf(
  exchange: Forwarded,
  graded: ExchangeResponse | undefined,
  startedAt: number,
  redact: (text: string) => string,
): ExchangeRecord {
  // The credential fields are redacted by src/exchange's rule, which keeps Authorization's scheme for graders.
  return redactRecord(unredactedCredentials(exchange, graded, startedAt, redact));
}

function unredactedCredentials(
  exchange: Forwarded,
  graded: ExchangeResponse | undefined,
  startedAt: number,
  redact: (text: string) => string,
): ExchangeRecord {
  const body = exchange.requestBody;
  const text =
    body.bytes > 0 && body.bytes <= MAX_KEPT_REQUEST_BODY ? body.buffer().toString('utf8') : undefined;
  const answer = exchange.answer;
  return {
    startedAt,
    durationMs: exchange.durationMs,
    source: 'upstream',
    request: {
      method: exchange.method,
      url: redact(exchange.upstreamUrl),
      headers: redacted(headerRecord(exchange.requestHeaders), redact),
      ...(text === undefined ? {} : { body: redact(text) }),
    },
    ...(answer && graded
      ? {
          response: {
            status: answer.status,
            statusText: answer.statusMessage,
            headers: redacted(graded.headers, redact),
            ...(graded.body === '' && graded.bodyBytes > 0 ? {} : { body: redact(graded.body) }),
            bodyBytes: graded.bodyBytes,
          },
        }
      : { error: redact(exchange.failure?.message ?? 'the upstream did not answer') }),
    ...(answer?.interrupted ? { comment: redact(answer.interrupted) } : {}),
  };
}

function redacted(headers: RecordedHeaders, redact: (text: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isCredentialName(name) ? value : redact(value)]),
  );
}
