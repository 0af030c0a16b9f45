import type { Clock } from '../core/types.ts';
import { parseDuration } from './duration.ts';
import { domainError } from './errors.ts';
import {
  isValidHostName,
  isWithin,
  loadPublicSuffixList,
  normalizeName,
  publicSuffixProblem,
} from './names.ts';
import { maxPropagationMs } from './platform.ts';
import type { DashboardStore } from './store.ts';
import type { Zone, ZoneRecord } from './types.ts';
import {
  hostIn,
  loadAddressParser,
  recordType,
  recordTypes,
  recordValue,
  refuseConflicts,
} from './zone-records.ts';

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

/**
 * The simulated DNS provider's editor: zones and records, with the rules a real provider enforces.
 * A change is visible to resolvers only after the zone's propagation delay; a deleted record stays visible
 * for its TTL, as resolvers cache it.
 */
export function createZoneEditor(
  store: DashboardStore,
  clock: Clock,
  defaultPropagationMs: number,
  platformDomain: string,
) {
  async function zoneOrThrow(name: string): Promise<Zone> {
    const zone = await store.getZone(normalizeName(name));
    if (zone === undefined)
      throw domainError('ZONE_NOT_FOUND', `There is no zone ${name} at the DNS provider.`);
    return zone;
  }

  return {
    zoneOrThrow,

    async createZone(input: ZoneInput): Promise<Zone> {
      await loadPublicSuffixList();
      const name = normalizeName(input.name);
      if (!isValidHostName(name))
        throw domainError('INVALID_DOMAIN', `${input.name} is not a valid zone name.`);
      const suffix = publicSuffixProblem(name);
      if (suffix) throw domainError('INVALID_DOMAIN', suffix);
      if (isWithin(name, platformDomain)) {
        throw domainError(
          'PLATFORM_DOMAIN',
          `${name} is the platform's own domain; its records are not editable.`,
        );
      }
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
      await loadAddressParser();
      const zone = await zoneOrThrow(zoneName);
      const type = recordType(input.type);
      if (type === undefined) {
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
