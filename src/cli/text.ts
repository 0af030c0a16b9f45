/** How the CLI echoes what it was given: one line, at most 64 characters, control characters made visible. */

export const ECHO_LIMIT = 64;

/**
 * Quotes operator input for a message. A newline, a BOM or any other invisible character is escaped, so the
 * message stays on one line and shows what is wrong; input longer than 64 characters is cut with "…".
 *
 * @example quote('https://a.example\n') // '"https://a.example\\n"'
 */
export function quote(value: string): string {
  const shown = value.length > ECHO_LIMIT ? `${value.slice(0, ECHO_LIMIT)}…` : value;
  return JSON.stringify(shown).replace(
    /[\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Folds a message onto one line (messages from libraries sometimes span several). */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
