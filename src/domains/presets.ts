import { noCertificate } from './lifecycle.ts';
import { isApex } from './names.ts';
import { defaultDomainOf, type Platform } from './platform.ts';
import { EVERY_STATE, presetCatalogue } from './preset-catalogue.ts';
import { presetPropagationMs, project, type Setup, setups, target } from './preset-setups.ts';
import type { DashboardStore } from './store.ts';
import type { Domain, Zone } from './types.ts';

export interface PresetContext {
  readonly store: DashboardStore;
  readonly now: number;
  readonly platform: Platform;
}

/** A named state of the simulation (`POST /__mock/dashboard/presets/{name}`, `domains:` presets of the mock). */
export interface Preset {
  readonly name: string;
  readonly description: string;
  readonly states: readonly string[];
  load(context: PresetContext): Promise<void>;
}

async function apply(setup: Setup, { store, now, platform }: PresetContext): Promise<void> {
  for (const [zoneName, type, relative, value, age] of setup.records) {
    const zone: Zone = (await store.getZone(zoneName)) ?? {
      name: zoneName,
      // Fixed, not the platform default: the states must not depend on --dns-propagation.
      propagationMs: presetPropagationMs,
      aliasSupport: true,
      caaServfail: false,
      records: [],
    };
    const host = relative === '@' ? zoneName : `${relative}.${zoneName}`;
    const createdAt = now - age;
    const record = {
      id: String(zone.records.length + 1),
      type,
      host,
      value: value === target ? defaultDomainOf(platform, project) : value,
      ttl: platform.recordTtl,
      createdAt,
      visibleAt: createdAt + zone.propagationMs,
      deletedAt: null,
      hiddenAt: null,
    };
    await store.putZone({ ...zone, ...setup.zoneOptions, records: [...zone.records, record] });
  }
  const checkAt = setup.checkIn === undefined ? null : now + setup.checkIn;
  const domain: Domain = {
    name: setup.domain,
    unicodeName: setup.domain,
    projectId: project,
    apex: isApex(setup.domain),
    status: checkAt === null ? 'pending' : 'verifying',
    reasons: [],
    certificate: noCertificate,
    createdAt: now - 2 * 86_400_000,
    checkAt,
    checkedAt: null,
    verifiedAt: null,
  };
  await store.putDomain(domain);
}

/** Every preset, in the catalogue's order, with the code that loads it. */
export const presets: readonly Preset[] = presetCatalogue.map((entry) => ({
  ...entry,
  load: entry.name === EVERY_STATE ? loadEveryState : (context) => apply(setupOf(entry.name), context),
}));

async function loadEveryState(context: PresetContext): Promise<void> {
  for (const setup of setups) await apply(setup, context);
  await context.store.putConfig(project, {
    primary: 'www.example.com',
    redirects: [{ from: 'example.com', to: 'www.example.com', status: 301 }],
  });
}

function setupOf(state: string): Setup {
  return setups.find((setup) => setup.state === state) as Setup;
}

/** @deprecated The same as `Preset` (named states are presets; scenarios are test cases). */
export type Scenario = Preset;
/** @deprecated The same as `presets`. */
export const scenarios = presets;
