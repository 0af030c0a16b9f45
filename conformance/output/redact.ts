import { REDACTED, SecretIndex } from './secret-index.ts';

/** What reports show in place of the API key. */
export { REDACTED };

/** Replaces secrets in a text; the identity when there is no key. */
export type Redactor = (text: string) => string;

/** Near misses shorter than this are not redacted: a 3-character fragment reveals little, blanking it a lot. */
const MIN_NEAR_MISS_REDACTED = 4;

/** The forms in which a key commonly travels back: echoed, percent-, base64-, hex- or JSON-encoded, re-cased. */
export function encodingsOf(key: string): string[] {
  const bytes = Buffer.from(key);
  const percent = encodeURIComponent(key);
  return [
    key,
    percent,
    percent.replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase()),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    key.toUpperCase(),
    key.toLowerCase(),
    JSON.stringify(key).slice(1, -1),
  ];
}

/**
 * One pass over the text for the key in every common encoding and the near misses the suite sends (so a
 * server echoing a near miss cannot reveal most of the key). Overlapping finds become one `[REDACTED]`, and
 * placeholders already in the text are kept, so redacting twice (events, then every written line) changes
 * nothing more.
 */
export function createRedactor(key: string | undefined, nearMisses: readonly string[] = []): Redactor {
  if (!key) return (text) => text;
  const index = new SecretIndex({ short: 'anywhere', maxForms: Number.POSITIVE_INFINITY });
  index.add(key, [
    ...encodingsOf(key),
    ...nearMisses.filter((miss) => miss.length >= MIN_NEAR_MISS_REDACTED),
  ]);
  return (text) => index.redact(text);
}
