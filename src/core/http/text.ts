/** Keeps messages readable when a client sends a 20 KB path: at most `max` characters, then an ellipsis. */
export function truncate(text: string, max = 64): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/**
 * Quotes what someone gave (an option, a setting) for a message: one line, at most 64 characters, with a
 * newline, a BOM or any other invisible character escaped, so the message shows what is wrong.
 *
 * @example quote('https://a.example\n') // '"https://a.example\\n"'
 */
export function quote(value: string): string {
  return JSON.stringify(truncate(value)).replace(
    /[\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * An integer with its thousands grouped by commas, as `toLocaleString('en')` writes it, without loading the
 * locale data (a first call to `toLocaleString` costs start-up tens of milliseconds).
 *
 * @example groupThousands(10000) // '10,000'
 */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A request target's path, without its query. Sliced at the `?` rather than split: `split` makes an array
 * and looks `Symbol.split` up on the string in V8's runtime, 1.7 thousand instructions for each request to
 * a control plane, which reads the path twice (docs/performance.md, "Round 11").
 *
 * @example pathOf('/__mock/requests?limit=5') // '/__mock/requests'
 */
export function pathOf(target: string): string {
  const queryStart = target.indexOf('?');
  return queryStart === -1 ? target : target.slice(0, queryStart);
}
