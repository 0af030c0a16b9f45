import type { ExtensionContext, MockExtension } from '../core/extension.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { Dashboard } from './dashboard.ts';
import type { DomainsDashboard, DomainsSimulationOptions } from './extension.ts';
import { foreignHost, hostNotAllowed } from './host-routing.ts';
import { planeOf, servedRoutes } from './planes.ts';
import { platformOf } from './platform.ts';
import { mockPresets } from './preset-catalogue.ts';
import { domainsStatePart } from './saved-state.ts';
import { DOMAINS_DOCUMENT } from './store.ts';

/** The simulation as an extension whose code loads on first use. */
export interface DomainsOnFirstUse extends MockExtension {
  /** The simulation once its code has loaded; undefined before. */
  readonly simulation: Dashboard | undefined;
}

/**
 * The custom-domains simulation as `domainsSimulation` builds it, but with its code (37 KB of the 254 KB the
 * CLI compiled to its first answer) loaded by the first request that needs it: a path of its API or controls,
 * a preset of its own, a saved state read or put back. Until then its state is the seed, which attaches no
 * custom domain, so every other request is answered as the built simulation would answer it, without loading
 * anything (docs/performance.md, Round 14). Its seed is dated when this is built, as the built simulation's
 * would be, and a reset before it loads dates it again.
 *
 * The Node server takes it when told to (`domains.loadOnFirstUse`, as the CLI does). Not with a shared state:
 * replicas, and each session's state, seed the simulation's document as they are built (src/redis).
 */
export function domainsOnFirstUse(options: DomainsSimulationOptions = {}) {
  return ({ clock, documents }: ExtensionContext): DomainsOnFirstUse => {
    if (documents?.[DOMAINS_DOCUMENT] !== undefined) {
      throw new TypeError('The domains simulation loads on first use only with a state of its own.');
    }
    // Checked now, as building the simulation would: a bad delay fails the start, not the first use.
    const platformDomain = platformOf(options.platform, options.dnsPropagationMs).domain;
    const controls = options.controls !== false;
    const foreign = foreignHost(platformDomain, options.ownHosts ?? []);
    let seededAt = clock.now();
    let built: DomainsDashboard | undefined;
    let loading: Promise<DomainsDashboard> | undefined;
    const load = () => {
      loading ??= import('./extension.ts').then(
        ({ createDomainsDashboard }) => {
          // Seeded as it would have been when this was built; the clock keeps whatever it was told since.
          built = createDomainsDashboard({ ...options, clock, seededAt });
          return built;
        },
        (error: unknown) => {
          // A chunk that failed to load is tried again by the next request that needs it.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    };
    const handledWhenLoaded = (request: MockRequest) => load().then((extension) => extension.handle(request));

    return {
      name: 'domains-dashboard',
      get simulation() {
        return built?.simulation;
      },
      routes: servedRoutes(controls),
      handle(request): Promise<MockResponse | undefined> | MockResponse | undefined {
        if (built) return built.handle(request);
        const { path } = request;
        if (path.charCodeAt(1) === 95 /* _ */ && path.startsWith('/__')) {
          return planeOf(path, controls) && handledWhenLoaded(request);
        }
        // A preset or a saved state may be attaching domains right now: their answer waits for it.
        if (loading) return handledWhenLoaded(request);
        const named = foreign(request);
        // The seed attaches no domain, so a host not the mock's own was never attached: host-routing.ts's answer.
        return named && options.refuseUnknownHosts ? Promise.reject(hostNotAllowed(named.host)) : undefined;
      },
      presets: mockPresets(async (name) => (await load()).simulation.loadPreset(name)),
      async reset() {
        if (loading) await (await loading).reset?.();
        else seededAt = clock.now();
      },
      state: domainsStatePart(async () => (await load()).simulation),
    };
  };
}
