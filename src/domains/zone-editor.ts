import type { Clock } from '../core/types.ts';
import { parseCaa } from './caa.ts';
import { parseDuration } from './duration.ts';
import { domainError } from './errors.ts';
import { isValidHostName, isWithin, normalizeName } from './names.ts';
import { maxPropagationMs } from './platform.ts';
import type { DashboardStore } from './store.ts';
import type { Zone, ZoneRecord, ZoneRecordType } from './types.ts';

export interface ZoneInput {
  readonly name: string;
  readonly propagation?: string;
  readonly aliasSupport?: boolean;
  readonly caaServfail?: boolean;
}

export interface RecordInput {
  readonly type: string;
  readonly name: string;
  readonly value: string;
  readonly ttl?: number;
}

const recordTypes: readonly ZoneRecordType[] = ['A', 'AAAA', 'CNAME', 'ALIAS', 'ANAME', 'TXT', 'CAA'];
const aliasTypes = new Set<ZoneRecordType>(['CNAME', 'ALIAS', 'ANAME']);
const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const ipv6 = /^[0-9a-f:]+$/i;
const recordLabel = /^(\*|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

/**
 * The simulated DNS provider's editor: zones and records, with the rules a real provider enforces.
 * A change is visible to resolvers only after the zone's propagation delay; a deleted record stays visible
 * for its TTL, as resolvers cache it.
 */
export function createZoneEditor(store: DashboardStore, clock: Clock, defaultPropagationMs: number) {
  async function zoneOrThrow(name: string): Promise<Zone> {
    const zone = await store.getZone(normalizeName(name));
    if (zone === undefined)
      throw domainError('ZONE_NOT_FOUND', `There is no zone ${name} at the DNS provider.`);
    return zone;
  }

  return {
    zoneOrThrow,

    async createZone(input: ZoneInput): Promise<Zone> {
      const name = normalizeName(input.name);
      if (!isValidHostName(name))
        throw domainError('INVALID_DOMAIN', `${input.name} is not a valid zone name.`);
      if (await store.getZone(name))
        throw domainError('ZONE_EXISTS', `Zone ${name} already exists; edit its records.`);
      const propagationMs =
        input.propagation === undefined ? defaultPropagationMs : parseDuration(input.propagation);
      if (propagationMs === undefined || propagationMs > maxPropagationMs) {
        throw domainError(
          'INVALID_DURATION',
          `propagation must be a duration up to 48h, such as "5m"; got "${input.propagation}".`,
        );
      }
      const zone: Zone = {
        name,
        propagationMs,
        aliasSupport: input.aliasSupport ?? true,
        caaServfail: input.caaServfail ?? false,
        records: [],
      };
      await store.putZone(zone);
      return zone;
    },

    async deleteZone(name: string): Promise<void> {
      await store.deleteZone((await zoneOrThrow(name)).name);
    },

    async addRecord(zoneName: string, input: RecordInput): Promise<ZoneRecord> {
      const zone = await zoneOrThrow(zoneName);
      const type = input.type.toUpperCase() as ZoneRecordType;
      if (!recordTypes.includes(type)) {
        throw domainError(
          'INVALID_RECORD',
          `Record type ${input.type} is not offered; use one of ${recordTypes.join(', ')}.`,
        );
      }
      const host = hostIn(zone, input.name);
      const value = recordValue(type, input.value);
      const ttl = input.ttl ?? 3600;
      if (!Number.isInteger(ttl) || ttl < 60 || ttl > 604_800) {
        throw domainError(
          'INVALID_RECORD',
          `TTL must be a whole number of seconds from 60 to 604800; got ${input.ttl}.`,
        );
      }
      refuseConflicts(zone, type, host);
      const now = clock.now();
      const id = String(zone.records.reduce((max, record) => Math.max(max, Number(record.id)), 0) + 1);
      const record: ZoneRecord = {
        id,
        type,
        host,
        value,
        ttl,
        createdAt: now,
        visibleAt: now + zone.propagationMs,
        deletedAt: null,
        hiddenAt: null,
      };
      await store.putZone({ ...zone, records: [...zone.records, record] });
      return record;
    },

    async deleteRecord(zoneName: string, id: string): Promise<void> {
      const zone = await zoneOrThrow(zoneName);
      const record = zone.records.find((candidate) => candidate.id === id && candidate.deletedAt === null);
      if (record === undefined)
        throw domainError('RECORD_NOT_FOUND', `Zone ${zone.name} has no record ${id}.`);
      const now = clock.now();
      // A record never seen by resolvers disappears at once; a visible one stays in caches for its TTL.
      const hiddenAt = record.visibleAt > now ? now : now + record.ttl * 1000;
      const records = zone.records.map((r) => (r === record ? { ...r, deletedAt: now, hiddenAt } : r));
      await store.putZone({ ...zone, records });
    },
  };
}

export type ZoneEditor = ReturnType<typeof createZoneEditor>;

function hostIn(zone: Zone, name: string): string {
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

function recordValue(type: ZoneRecordType, raw: string): string {
  const value = raw.trim();
  const bad = (expected: string) =>
    domainError('INVALID_RECORD', `"${raw}" is not a valid ${type} value; expected ${expected}.`);
  if (type === 'A' && !ipv4.test(value)) throw bad('an IPv4 address such as 203.0.113.10');
  if (type === 'AAAA' && !(value.includes(':') && ipv6.test(value)))
    throw bad('an IPv6 address such as 2001:db8::10');
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
function refuseConflicts(zone: Zone, type: ZoneRecordType, host: string): void {
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
