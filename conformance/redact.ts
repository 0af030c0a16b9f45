/** What reports show in place of the API key. */
export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of the key (and its base64 form) in a text. */
export function redact(text: string, key: string | undefined): string {
  if (!key) return text;
  return text.replaceAll(key, REDACTED).replaceAll(Buffer.from(key).toString('base64'), REDACTED);
}
