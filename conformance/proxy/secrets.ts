import { encodingsOf, REDACTED } from '../output/redact.ts';

// The proxy is given no key: every credential it sees in traffic is a secret, and whatever it writes out
// (report, log, files) passes through redact() with every secret seen so far (found by src/exchange's
// secretsInRequest and secretsInResponse).

/** Below this length a secret is redacted only where it stands alone, or "e" would eat every letter e. */
const SHORT = 6;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface Secrets {
  add(secret: string): void;
  /** Replaces every secret seen so far, in its common encodings, with `[REDACTED]`. */
  redact(text: string): string;
}

/** The forms a secret takes when echoed: the suite's encodings, and form encoding (spaces as `+`). */
const encodings = (secret: string): string[] => [
  ...encodingsOf(secret),
  encodeURIComponent(secret).replaceAll('%20', '+'),
];

export function createSecrets(): Secrets {
  const forms = new Set<string>();
  let pattern: RegExp | undefined;
  return {
    add(secret) {
      const value = secret.trim();
      if (value === '') return;
      for (const form of encodings(value)) {
        if (form === '' || forms.has(form)) continue;
        forms.add(form);
        pattern = undefined;
      }
    },
    redact(text) {
      if (forms.size === 0) return text;
      // Short secrets only where they stand alone, so the report stays readable.
      pattern ??= new RegExp(
        [...forms]
          .sort((a, b) => b.length - a.length)
          .map((form) =>
            form.length < SHORT ? `(?<![A-Za-z0-9])${escapeRegExp(form)}(?![A-Za-z0-9])` : escapeRegExp(form),
          )
          .join('|'),
        'g',
      );
      return text.replace(pattern, REDACTED);
    },
  };
}
