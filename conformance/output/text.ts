import { redactInScope } from './redaction-scope.ts';

// Text from the server is data, never terminal or CI input: it is escaped and capped before it is shown.

/**
 * C0 and C1 controls, DEL, line and paragraph separators, bidirectional and zero-width format characters, lone
 * surrogates: what can move the cursor, clear the screen, start a new line or reorder what a reader sees.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is escaped.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|\p{Cs}/gu;

const escapeOne = (char: string): string => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** The text on one line, with every unsafe character written as `\uXXXX`. */
export const escapeControls = (text: string): string => text.replace(UNSAFE, escapeOne);

/** Longest text quoted from a server in a message. */
export const MAX_QUOTED = 120;

/**
 * Server text for a message: redacted (the run's secrets), then cut to `max` characters, escaped, in double
 * quotes. Redacting before the cut keeps a secret cut in two from leaving its first part in the message.
 */
export function quoted(text: string, max = MAX_QUOTED): string {
  const chars = [...redactInScope(text)];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
  return `"${escapeControls(cut).replaceAll('"', '\\"')}"`;
}

/** Every character XML 1.0 forbids (§2.2 Char), lone surrogates and U+FFFE/U+FFFF included. */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export const xmlSafe = (text: string): string => text.replace(NOT_XML, '\ufffd');

/**
 * C1 controls, DEL, bidirectional and zero-width format characters and the line separators: JSON.stringify
 * leaves them raw (only C0 is escaped), and a terminal or a CI log would act on them.
 */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** A JSON document (2-space indent, newline-terminated) with every character a reader could be fooled by escaped. */
export const jsonText = (value: unknown): string =>
  `${JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, escapeOne)}\n`;
