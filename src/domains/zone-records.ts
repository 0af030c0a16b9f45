import { parseCaa } from './caa.ts';
import { domainError } from './errors.ts';
import { isValidHostName, isWithin, normalizeName } from './names.ts';
import type { Zone, ZoneRecordType } from './types.ts';

/** The simulated provider's rules for one record: its type, name, value, and what may share its name. */

type AddressParser = typeof import('ipaddr.js');
let ipaddr: AddressParser | undefined;
let ipaddrLoading: Promise<void> | undefined;

/**
 * Loads the address parser (ipaddr.js), once, on the first record added rather than at start-up: it is a
 * CommonJS package, whose loading costs the mock's start milliseconds that most runs never repay.
 */
export function loadAddressParser(): Promise<void> {
  ipaddrLoading ??= import('ipaddr.js').then((module) => {
    ipaddr = module.default;
  });
  return ipaddrLoading;
}

function addresses(): AddressParser {
  if (ipaddr === undefined)
    throw new Error('The address parser is not loaded: await loadAddressParser() first.');
  return ipaddr;
}

export const recordTypes: readonly ZoneRecordType[] = ['A', 'AAAA', 'CNAME', 'ALIAS', 'ANAME', 'TXT', 'CAA'];
const aliasTypes = new Set<ZoneRecordType>(['CNAME', 'ALIAS', 'ANAME']);
const recordLabel = /^(\*|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

/** The record type, upper-cased, or undefined when the provider does not offer it. */
export function recordType(text: string): ZoneRecordType | undefined {
  const type = text.toUpperCase() as ZoneRecordType;
  return recordTypes.includes(type) ? type : undefined;
}

export function hostIn(zone: Zone, name: string): string {
  const raw = normalizeName(name);
  const host = raw === '@' || raw === '' ? zone.name : isWithin(raw, zone.name) ? raw : `${raw}.${zone.name}`;
  const relative = host === zone.name ? [] : host.slice(0, -(zone.name.length + 1)).split('.');
  if (!relative.every((label) => recordLabel.test(label))) {
    throw domainError(
      'RECORD_OUTSIDE_ZONE',
      `"${name}" is not a valid name in zone ${zone.name}; use "@", "www" or a name ending in ${zone.name}.`,
    );
  }
  return host;
}

export function recordValue(type: ZoneRecordType, raw: string): string {
  const value = raw.trim();
  const bad = (expected: string) =>
    domainError('INVALID_RECORD', `"value": "${raw}" is not a valid ${type} value; expected ${expected}.`);
  if (type === 'A') {
    // Four decimal parts only: `0x7f.1` or `010.0.0.1` are addresses to some parsers, never in a zone file.
    if (!addresses().IPv4.isValidFourPartDecimal(value)) throw bad('an IPv4 address such as 203.0.113.10');
    return value;
  }
  if (type === 'AAAA') {
    // No zone index (`%eth0`): it means something only on one host's link.
    if (value.includes('%') || !addresses().IPv6.isValid(value))
      throw bad('an IPv6 address such as 2001:db8::10');
    return addresses().IPv6.parse(value).toRFC5952String();
  }
  if (aliasTypes.has(type)) {
    if (!isValidHostName(normalizeName(value))) throw bad('a host name such as acme-shop.mockpages.example');
    return normalizeName(value);
  }
  if (type === 'TXT' && (value.length === 0 || value.length > 255)) throw bad('text of 1 to 255 characters');
  if (type === 'CAA' && parseCaa(value) === undefined)
    throw bad('flags, tag and value, such as 0 issue "letsencrypt.org"');
  return value;
}

/** RFC 1034 §3.6.2: a CNAME is alone at its name; the apex always holds SOA and NS, so never a CNAME. */
export function refuseConflicts(zone: Zone, type: ZoneRecordType, host: string): void {
  if (type === 'CNAME' && host === zone.name) {
    throw domainError(
      'CNAME_AT_APEX',
      `A CNAME cannot sit at the zone apex ${host}, which holds SOA and NS records (RFC 1034 §3.6.2). Use an ALIAS or ANAME record.`,
    );
  }
  if ((type === 'ALIAS' || type === 'ANAME') && !zone.aliasSupport) {
    throw domainError(
      'ALIAS_NOT_SUPPORTED',
      `This DNS provider does not offer ${type} records for ${zone.name}; add A/AAAA records with the platform's addresses instead, or move the zone to a provider that does.`,
    );
  }
  const live = zone.records.filter((record) => record.host === host && record.deletedAt === null);
  const blocker =
    type === 'CNAME'
      ? live[0]
      : live.find(
          (r) =>
            r.type === 'CNAME' || (aliasTypes.has(type) && ['A', 'AAAA', 'ALIAS', 'ANAME'].includes(r.type)),
        );
  if (blocker !== undefined) {
    throw domainError(
      'CNAME_CONFLICT',
      `${host} already has ${article(blocker.type)} ${blocker.type} record (${blocker.value}, id ${blocker.id}); a CNAME must be the only record at its name (RFC 1034 §3.6.2). Delete that record first.`,
    );
  }
}

function article(type: string): string {
  return ['A', 'AAAA', 'ALIAS', 'ANAME'].includes(type) ? 'an' : 'a';
}
