import { EXTRA_WORD, WRONG_KEY } from '../http/client.ts';
import type { AuthMode, Exchange } from '../http/exchange.ts';
import { nearMissShell } from '../http/near-miss.ts';
import { credentialWord, curlCommand, type HeaderValue } from '../output/curl.ts';

/**
 * The Authorization a fixed check sent, with the credential as the shell reads it: $PETSTORE_API_KEY, or
 * $PETSTORE_TOKEN for a token the run fetched (none: no header).
 */
function authorization(auth: AuthMode, exchange: Exchange): HeaderValue | undefined {
  const variable = exchange.request.credentialVariable ?? 'PETSTORE_API_KEY';
  const API_KEY = credentialWord(variable);
  switch (auth) {
    case 'none':
      return undefined;
    case 'wrong':
      return `Bearer ${WRONG_KEY}`;
    case 'lowercase-bearer':
      return ['bearer ', API_KEY];
    case 'non-bearer':
      return ['Basic ', API_KEY];
    case 'near-miss':
      return ['Bearer ', { shell: nearMissShell(exchange.request.nearMiss ?? 'extra-char', variable) }];
    case 'extra-word':
      return ['Bearer ', API_KEY, ` ${EXTRA_WORD}`];
    default:
      return ['Bearer ', API_KEY];
  }
}

/** A curl command that repeats the request, reading the credential from the environment (never the value). */
export function curlFor(exchange: Exchange): string {
  const { method, url, auth } = exchange.request;
  const key = authorization(auth, exchange);
  // A repeat is a new request: it starts a trace of its own rather than joining the failure's.
  const others = Object.entries(exchange.request.headers ?? {}).filter(
    ([name]) => name !== 'accept' && name !== 'authorization' && name !== 'traceparent',
  );
  return curlCommand({
    method,
    url,
    headers: [...(key === undefined ? [] : [['Authorization', key] as const]), ...others],
  });
}

/** The exchanges a failure message names (by method and path), or the last one. */
export function exchangesToReproduce(message: string, exchanges: readonly Exchange[], max = 3): Exchange[] {
  const named = exchanges.filter((e) => message.includes(`${e.request.method} ${e.request.path} `));
  const chosen = named.length > 0 ? named : exchanges.slice(-1);
  const unique = new Map(chosen.map((e) => [curlFor(e), e]));
  return [...unique.values()].slice(0, max);
}
