import type { Clock } from '../core/types.ts';
import { parseCaa } from './caa.ts';
import { isWithin } from './names.ts';
import type { Platform } from './platform.ts';
import {
  type Address,
  type CaaRecord,
  DnsLookupError,
  type DnsResolver,
  type PendingRecord,
} from './resolver.ts';
import type { DashboardStore } from './store.ts';
import type { Zone, ZoneRecord, ZoneRecordType } from './types.ts';

/** Deep enough for any sane alias chain; a loop stops here instead of hanging. */
const maxAliasDepth = 8;

/**
 * Resolves names the way a recursive resolver would see the simulated DNS provider at the clock's time:
 * only records whose propagation has passed, deleted ones until their TTL runs out. Names under the
 * platform's domain resolve to the platform's addresses.
 */
export function createSimulatedResolver(
  store: DashboardStore,
  clock: Clock,
  platform: Platform,
): DnsResolver {
  async function zoneOf(name: string): Promise<Zone | undefined> {
    const zones = (await store.listZones()).filter((zone) => isWithin(name, zone.name));
    return zones.sort((a, b) => b.name.length - a.name.length)[0];
  }

  async function visible(name: string, type: ZoneRecordType): Promise<ZoneRecord[]> {
    const zone = await zoneOf(name);
    const now = clock.now();
    return (zone?.records ?? []).filter(
      (r) =>
        r.host === name && r.type === type && r.visibleAt <= now && (r.hiddenAt === null || now < r.hiddenAt),
    );
  }

  async function addresses(name: string, depth = 0): Promise<Address[]> {
    if (isWithin(name, platform.domain)) return [...platform.addresses];
    if (depth >= maxAliasDepth) throw new DnsLookupError('SERVFAIL', `${name} A (alias loop)`);
    const [cname] = await visible(name, 'CNAME');
    if (cname) return addresses(cname.value, depth + 1);
    // ALIAS/ANAME are flattened by the provider: resolvers only ever see the target's addresses.
    const [alias] = [...(await visible(name, 'ALIAS')), ...(await visible(name, 'ANAME'))];
    if (alias) return addresses(alias.value, depth + 1);
    const a = (await visible(name, 'A')).map((r) => ({ type: 'A' as const, value: r.value }));
    const aaaa = (await visible(name, 'AAAA')).map((r) => ({ type: 'AAAA' as const, value: r.value }));
    return [...a, ...aaaa];
  }

  async function caa(name: string, depth = 0): Promise<CaaRecord[]> {
    if ((await zoneOf(name))?.caaServfail) throw new DnsLookupError('SERVFAIL', `${name} CAA`);
    const [cname] = await visible(name, 'CNAME');
    if (cname && depth < maxAliasDepth) return caa(cname.value, depth + 1);
    return (await visible(name, 'CAA')).flatMap((r) => {
      const parsed = parseCaa(r.value);
      return parsed ? [parsed] : [];
    });
  }

  return {
    cname: async (name) => (await visible(name, 'CNAME')).map((r) => r.value),
    addresses: (name) => addresses(name),
    caa: (name) => caa(name),
    async unpropagated(name): Promise<PendingRecord[]> {
      const now = clock.now();
      const records = (await zoneOf(name))?.records ?? [];
      return records
        .filter((r) => r.host === name && r.deletedAt === null && r.visibleAt > now)
        .map((r) => ({ type: r.type, value: r.value, visibleAt: r.visibleAt }));
    },
  };
}
