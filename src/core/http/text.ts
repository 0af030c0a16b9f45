/** Keeps messages readable when a client sends a 20 KB path: at most `max` characters, then an ellipsis. */
export function truncate(text: string, max = 64): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
