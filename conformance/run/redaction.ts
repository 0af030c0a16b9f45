import type { Exchange } from '../http/exchange.ts';
import { nearMissesOf, nearMissToken } from '../http/near-miss.ts';
import { encodingsOf, type Redactor } from '../output/redact.ts';
import { SecretIndex } from '../output/secret-index.ts';
import type { CheckResult } from './events.ts';

// What a run hands out is redacted: every credential it sends (the key, each token fetched) with its
// encodings and near misses, and every other secret it knows (client secret, a command's output, the
// credentials among --header).

/** The secrets of one run; it grows as the run fetches tokens, and redacts in one pass however many. */
export interface RunSecrets {
  /** A credential the run sends: its encodings, and the near misses the suite derives from it. */
  addCredential(credential: string): void;
  /** Any other secret: its encodings. */
  add(secret: string): void;
  readonly redact: Redactor;
}

/** Near misses shorter than this are not redacted: a 3-character fragment reveals little, blanking it a lot. */
const MIN_NEAR_MISS_REDACTED = 4;
/** Tokens fetched in a long run, each with its forms: far more than a run fetches, and still bounded. */
const MAX_FORMS = 100_000;

export function createRunSecrets(key?: string, secrets: readonly string[] = []): RunSecrets {
  const index = new SecretIndex({ short: 'anywhere', maxForms: MAX_FORMS });
  const run: RunSecrets = {
    addCredential(credential) {
      if (credential === '') return;
      const misses = nearMissesOf(credential).map((kind) => nearMissToken(credential, kind));
      index.add(credential, [
        ...encodingsOf(credential),
        ...misses.filter((miss) => miss.length >= MIN_NEAR_MISS_REDACTED),
      ]);
    },
    add(secret) {
      if (secret !== '') index.add(secret, encodingsOf(secret));
    },
    redact: (text) => index.redact(text),
  };
  if (key) run.addCredential(key);
  for (const secret of secrets) run.add(secret);
  return run;
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
