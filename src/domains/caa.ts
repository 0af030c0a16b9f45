import { parents } from './names.ts';
import type { CaaRecord, DnsResolver } from './resolver.ts';

/** Tags RFC 8659 and its companions define; an unknown tag with the critical flag forbids issuance (§4.1). */
const knownTags = new Set([
  'issue',
  'issuewild',
  'iodef',
  'issuemail',
  'issuevmc',
  'contactemail',
  'contactphone',
]);
const criticalFlag = 128;

/** `0 issue "letsencrypt.org"` → {flags: 0, tag: 'issue', value: 'letsencrypt.org'}; undefined when malformed. */
export function parseCaa(text: string): CaaRecord | undefined {
  const match = /^(\d{1,3})\s+([a-z0-9]+)\s+(?:"([^"]*)"|(\S+))$/i.exec(text.trim());
  if (!match) return undefined;
  const flags = Number(match[1]);
  if (flags > 255) return undefined;
  return { flags, tag: (match[2] ?? '').toLowerCase(), value: match[3] ?? match[4] ?? '' };
}

export function formatCaa(record: CaaRecord): string {
  return `${record.flags} ${record.tag} "${record.value}"`;
}

export type CaaVerdict =
  | { readonly allowed: true; readonly relevantAt: string | null; readonly records: readonly CaaRecord[] }
  | {
      readonly allowed: false;
      readonly relevantAt: string;
      readonly records: readonly CaaRecord[];
      readonly why: string;
    };

/**
 * RFC 8659 §3: the relevant RRset is the first non-empty CAA set found at the name (the resolver follows
 * aliases) or, climbing, at each parent up to but not including the root. Lookup failures propagate.
 */
export async function checkCaa(name: string, ca: string, resolver: DnsResolver): Promise<CaaVerdict> {
  for (const candidate of [name, ...parents(name)]) {
    // Node's resolveCaa answers [] (not ENODATA) through a CNAME to a name without CAA: climb on empty too.
    const records = await resolver.caa(candidate);
    if (records.length > 0) return evaluateCaaSet(records, ca, candidate, name.startsWith('*.'));
  }
  return { allowed: true, relevantAt: null, records: [] };
}

/** RFC 8659 §4.2-4.3: may `ca` issue for a name whose relevant CAA set is `records`? */
export function evaluateCaaSet(
  records: readonly CaaRecord[],
  ca: string,
  at: string,
  wildcard = false,
): CaaVerdict {
  const critical = records.find((r) => (r.flags & criticalFlag) !== 0 && !knownTags.has(r.tag.toLowerCase()));
  if (critical) {
    return { allowed: false, relevantAt: at, records, why: `an unknown critical tag "${critical.tag}"` };
  }
  const issue = records.filter((r) => r.tag.toLowerCase() === 'issue');
  const issueWild = records.filter((r) => r.tag.toLowerCase() === 'issuewild');
  const relevant = wildcard && issueWild.length > 0 ? issueWild : issue;
  if (relevant.length === 0) return { allowed: true, relevantAt: at, records };
  const named = relevant.some((r) => issuerOf(r.value) === ca.toLowerCase());
  if (named) return { allowed: true, relevantAt: at, records };
  const issuers = relevant.map((r) => issuerOf(r.value) || '";" (no one)');
  return { allowed: false, relevantAt: at, records, why: `it allows only ${issuers.join(', ')}` };
}

/** The issuer domain of an `issue` value: the part before `;`, trimmed, lower-cased (empty means nobody). */
function issuerOf(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}
