import { encodingsOf } from '../output/redact.ts';
import { SecretIndex } from '../output/secret-index.ts';

// The proxy is given no key: every credential it sees in traffic is a secret (found by src/exchange's
// secretsInRequest and secretsInResponse), and whatever it writes out (report, log, files) passes through
// redact() with every secret seen so far.

/**
 * Secrets held at most, by their forms (a dozen each): thousands of distinct tokens and rotating cookies. The
 * oldest are forgotten first; what the proxy kept of earlier traffic was redacted when it was kept.
 */
const MAX_FORMS = 50_000;

export interface Secrets {
  add(secret: string): void;
  /** Replaces every secret held, in its common encodings, with `[REDACTED]`, in time independent of their number. */
  redact(text: string): string;
}

/** The forms a secret takes when echoed: the suite's encodings, and form encoding (spaces as `+`). */
const encodings = (secret: string): string[] => [
  ...encodingsOf(secret),
  encodeURIComponent(secret).replaceAll('%20', '+'),
];

export function createSecrets(): Secrets {
  // A short secret is redacted only where it stands alone, or "e" would eat every letter e.
  const index = new SecretIndex({ short: 'standalone', maxForms: MAX_FORMS });
  return {
    add(secret) {
      const value = secret.trim();
      // Most exchanges carry a credential already held: its encodings are not worked out again.
      if (value !== '' && !index.has(value)) index.add(value, encodings(value));
    },
    redact: (text) => index.redact(text),
  };
}
