import type { Exchange } from '../http/exchange.ts';
import { nearMissesOf, nearMissToken } from '../http/near-miss.ts';
import { createRedactor, type Redactor } from '../output/redact.ts';
import type { CheckResult } from './events.ts';

// What a run hands out is redacted: the key, its encodings, its near misses, the credentials among --header.

/**
 * The redactor for a key (its common encodings and the near misses the suite sends) and for the credentials
 * given as `--header` values.
 */
export function redactorFor(key: string | undefined, secrets: readonly string[] = []): Redactor {
  const redactors = [
    createRedactor(key, key ? nearMissesOf(key).map((kind) => nearMissToken(key, kind)) : []),
    ...secrets.map((secret) => createRedactor(secret)),
  ];
  return (text) => redactors.reduce((redacted, redactor) => redactor(redacted), text);
}

const mapValues = (record: Record<string, string>, redactor: Redactor): Record<string, string> =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, redactor(value)]));

/** An exchange as reports may show it: every text that came from the server or the user redacted. */
export function redactExchange(exchange: Exchange, redactor: Redactor): Exchange {
  const { request, response, error } = exchange;
  return {
    ...exchange,
    request: { ...request, url: redactor(request.url), headers: mapValues(request.headers, redactor) },
    ...(response && {
      response: {
        ...response,
        headers: mapValues(response.headers, redactor),
        body: redactor(response.body),
      },
    }),
    ...(error !== undefined && { error: redactor(error) }),
  };
}

/** A check result as reports may show it (its id, severity and status are the suite's own words). */
export const redactResult = (result: CheckResult, redactor: Redactor): CheckResult => ({
  ...result,
  message: redactor(result.message),
  exchanges: result.exchanges.map((exchange) => redactExchange(exchange, redactor)),
});
