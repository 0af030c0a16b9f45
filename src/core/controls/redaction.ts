import { ACCESS_TOKEN_PATTERN } from '../http/access-tokens.ts';
import type { HeaderMap } from '../types.ts';

/**
 * The mock's one redaction, for everything it shows of a request (the journal, the request log, the pages
 * reading the journal): the secrets it was given (keys, OAuth client secrets) with their percent-encoded
 * forms, every token it issued (found by their shape, so none is listed), and whole values of
 * credential-like headers.
 */
export interface Redaction {
  text(text: string): string;
  headers(headers: HeaderMap): Record<string, string>;
}

export const REDACTED = '[redacted]';

/** Headers whose whole value is a credential, whatever it holds. */
const SECRET_HEADER = /authorization|cookie|api-key|apikey|token|secret|session|password/;

export function createRedaction(secrets: readonly string[]): Redaction {
  // With their percent-encoded forms, longest first so that no secret leaves a fragment of another.
  const forms = [...new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]))]
    .filter((form) => form.length > 0)
    .sort((a, b) => b.length - a.length);

  function text(value: string): string {
    let result = value;
    for (const form of forms) {
      if (result.includes(form)) result = result.replaceAll(form, REDACTED);
    }
    return result.includes('pmat_') ? result.replace(ACCESS_TOKEN_PATTERN, REDACTED) : result;
  }

  return {
    text,
    headers(headers) {
      const copy: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue;
        copy[name] = SECRET_HEADER.test(name) ? REDACTED : text(value);
      }
      return copy;
    },
  };
}
