import { type ClockMode, createClock, type MockClock } from '../core/controls/clock.ts';
import { validateConfig } from './configuration.ts';
import { createDomains } from './domains.ts';
import { domainError } from './errors.ts';
import { loadPublicSuffixList } from './names.ts';
import { type Platform, platformOf } from './platform.ts';
import { type Preset, presets } from './presets.ts';
import { createProjects } from './projects.ts';
import type { DnsResolver } from './resolver.ts';
import { seed } from './seed.ts';
import { createSimulatedResolver } from './simulated-dns.ts';
import { createMemoryStore, type DashboardStore } from './store.ts';
import type { DomainsConfig } from './types.ts';
import { createZoneEditor } from './zone-editor.ts';

export interface DashboardOptions {
  /** `system` (default): real time, which `advance` offsets; `manual`: time moves only with `advance`. */
  readonly clock?: ClockMode | MockClock;
  /** Where verification reads DNS; default the simulated provider. Node: `createNodeDnsResolver`. */
  readonly resolver?: DnsResolver;
  /** Default propagation delay of the simulated provider in ms (default 5 minutes, at most 48 hours). */
  readonly dnsPropagationMs?: number;
  /** Overrides of the platform (domain, addresses, CA, timings). */
  readonly platform?: Partial<Platform>;
  readonly store?: DashboardStore;
  /**
   * When the seed is dated, in ms on the clock; default now. The simulation loaded on first use
   * (on-first-use.ts) gives the time it would have been built at, and the clock is left as it is.
   */
  readonly seededAt?: number;
}

/** The dashboard simulation put together: state, clock, DNS, and the operations the routes call. */
export function createDashboard(options: DashboardOptions = {}) {
  const platform = platformOf(options.platform, options.dnsPropagationMs);
  const clock = typeof options.clock === 'object' ? options.clock : createClock(options.clock ?? 'system');
  const store = options.store ?? createMemoryStore();
  const resolver = options.resolver ?? createSimulatedResolver(store, clock, platform);
  const projects = createProjects(store, clock);
  const domains = createDomains({ store, clock, resolver, platform, projects });
  const zones = createZoneEditor(store, clock, platform.propagationMs, platform.domain);

  async function seeded(now: number): Promise<void> {
    await store.clear();
    await seed(store, now);
  }

  /** Back to the seed; the clock loses its offset too, so tests that reset between cases start equal. */
  async function reset(): Promise<void> {
    clock.reset();
    await seeded(clock.now());
  }

  // The memory store answers at once; a shared store may not, so the extension awaits `ready`.
  const ready = options.seededAt === undefined ? reset() : seeded(options.seededAt);

  return {
    platform,
    clock,
    store,
    resolver,
    projects,
    domains,
    zones,
    reset,
    ready,

    async getConfig(projectId: string): Promise<DomainsConfig> {
      await projects.get(projectId);
      return store.getConfig(projectId);
    },

    async putConfig(projectId: string, input: unknown): Promise<DomainsConfig> {
      await projects.get(projectId);
      const attached = new Set((await store.listDomains(projectId)).map((domain) => domain.name));
      const config = validateConfig(input, attached);
      await store.putConfig(projectId, config);
      return config;
    },

    /** Replaces the whole state with the seed plus the preset, timed from the clock's now. */
    async loadPreset(name: string): Promise<Preset> {
      await loadPublicSuffixList();
      const preset = presets.find((candidate) => candidate.name === name);
      if (preset === undefined) {
        const names = presets.map((candidate) => candidate.name).join(', ');
        throw domainError('PRESET_NOT_FOUND', `There is no preset "${name}"; choose one of ${names}.`);
      }
      await reset();
      await preset.load({ store, now: clock.now(), platform });
      // Settle now so the state is the lifecycle's own answer, not the preset's raw setup.
      for (const project of await projects.list()) await domains.list(project.id);
      return preset;
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
