import { escapeControls } from './text.ts';

// Text from a server (and from the user) in Markdown and HTML reports is data: escaped so it can neither break
// the document's structure nor add markup, links, images or scripts.

/** Every character HTML gives a meaning to, as a character reference: safe in text and in quoted attributes. */
export const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * What Markdown (CommonMark, GFM, GitHub's math) reads as inline syntax: code, emphasis, links and images
 * (`[` opens both), table cells, strikethrough, math; and what starts an autolink (`://`, `www.`, an address).
 */
const INLINE_SYNTAX = /[\\`*_[\]|~$@]|:(?=\/\/)|(?<=www)\./gi;
/** What starts a block at the beginning of a line: a heading, quote, list item, rule or setext underline. */
const BLOCK_START = /^(?:[#>+\-=]|\d+(?=[.)]))/;

/**
 * Text for a Markdown paragraph or table cell, on one line: controls escaped as `\uXXXX`, HTML characters as
 * references, Markdown syntax backslash-escaped (so `|` cannot end a cell, `[x](y)` is no link, `<img>` no
 * image and a URL no link), cut to `max` characters.
 */
export function markdownText(text: string, max = 500): string {
  const chars = [...escapeControls(text)];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
  return cut
    .replace(INLINE_SYNTAX, '\\$&')
    .replace(BLOCK_START, (start) => (/^\d/.test(start) ? start : `\\${start}`))
    .replace(/^(\d+)([.)])/, '$1\\$2')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A fenced code block of lines that no backtick run inside can close (CommonMark: a longer fence). */
export function codeBlock(lines: readonly string[], language = ''): string {
  const text = lines.map(escapeControls).join('\n');
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}
