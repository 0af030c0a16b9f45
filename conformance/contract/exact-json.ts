// JSON whose numbers keep the text they were written with: an int64 id beyond 2^53 read by JSON.parse would be
// rounded to another id, so a hook's or a state URL's answer is read with its numbers as written.

/** A JSON number as written (`9223372036854775807`, `1.0`, `1e3`). */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export type ExactJson = string | boolean | null | JsonNumber | ExactJson[] | { [key: string]: ExactJson };

// A string token (skipped as it is) or a number token where JSON allows one: `01` stays two tokens and invalid.
const TOKEN = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/g;
const MARK = '\u0000exact-number';

/** Parses JSON like JSON.parse, numbers kept as JsonNumber; throws a SyntaxError for anything else. */
export function parseExactJson(text: string): ExactJson {
  if (text.includes(MARK) || text.includes('\\u0000exact-number'))
    throw new SyntaxError('the text holds a reserved key');
  const marked = text.replace(TOKEN, (token) =>
    token.startsWith('"') ? token : `{${JSON.stringify(MARK)}:${JSON.stringify(token)}}`,
  );
  return JSON.parse(marked, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && MARK in value
      ? new JsonNumber((value as Record<string, string>)[MARK] as string)
      : value,
  ) as ExactJson;
}

/** An id as a hook or a state URL may give it: a string of digits or a JSON integer, within int64, exactly. */
export function exactId(value: ExactJson | undefined): string | undefined {
  const text = value instanceof JsonNumber ? value.text : typeof value === 'string' ? value : undefined;
  if (text === undefined || !/^-?(0|[1-9][0-9]*)$/.test(text)) return undefined;
  const id = BigInt(text);
  return id >= -(2n ** 63n) && id < 2n ** 63n ? id.toString() : undefined;
}
