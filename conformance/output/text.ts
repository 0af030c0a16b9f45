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

/** Server text for a message: escaped, cut to `max` characters, in double quotes. */
export function quoted(text: string, max = MAX_QUOTED): string {
  const chars = [...text];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
  return `"${escapeControls(cut).replaceAll('"', '\\"')}"`;
}

/** Every character XML 1.0 forbids (§2.2 Char), lone surrogates and U+FFFE/U+FFFF included. */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export const xmlSafe = (text: string): string => text.replace(NOT_XML, '\ufffd');
