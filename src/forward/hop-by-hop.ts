// Hop-by-hop fields (RFC 9110 §7.6.1): the fields a Connection header names, Connection itself, and the ones
// known to describe one connection only. They are dropped on both legs; everything else passes unchanged, in
// order, with its case and repetitions (raw header arrays, never objects that would merge them).

const ALWAYS_HOP_BY_HOP = [
  'connection',
  'proxy-connection',
  'keep-alive',
  'te',
  'transfer-encoding',
  'upgrade',
];

/** The end-to-end fields of a raw header array (`[name, value, name, value…]`), `drop` removed too. */
export function endToEnd(rawHeaders: readonly string[], drop: readonly string[] = []): string[] {
  const hopByHop = new Set([...ALWAYS_HOP_BY_HOP, ...drop]);
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() !== 'connection') continue;
    for (const option of (rawHeaders[i + 1] ?? '').split(',')) hopByHop.add(option.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    if (!hopByHop.has(name.toLowerCase())) kept.push(name, rawHeaders[i + 1] ?? '');
  }
  return kept;
}
