import type { ExtensionContext, MockExtension, ServedRoute } from '../core/extension.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { createApiRoutes } from './api-routes.ts';
import { createDashboard, type Dashboard, type DashboardOptions } from './dashboard.ts';
import { createHostRouting } from './host-routing.ts';
import { createMockRoutes } from './mock-routes.ts';
import { planeOf, servedRoutes } from './planes.ts';
import { mockPresets } from './preset-catalogue.ts';
import { domainsStatePart } from './saved-state.ts';
import { type DashboardStore, DOMAINS_DOCUMENT } from './store.ts';

export interface DomainsDashboardOptions extends DashboardOptions {
  /** Host names the mock itself answers on (besides localhost and IP literals); never routed as custom domains. */
  readonly ownHosts?: readonly string[];
  /** Serve the `/__mock/dashboard` controls; default true (the CLI turns them off with `--no-admin`). */
  readonly controls?: boolean;
  /**
   * Refuse a host that is neither the mock's own nor attached (421 `HOST_NOT_ALLOWED`) instead of passing it on
   * to the Store API; the Node server's Host allow-list sets it. Default false.
   */
  readonly refuseUnknownHosts?: boolean;
}

export interface DomainsDashboard extends MockExtension {
  /** The simulation behind the routes: its store, resolver, projects, domains and zones. */
  readonly simulation: Dashboard;
  /** Every route served, as `{ method, path }` (`:param` segments). */
  readonly routes: readonly ServedRoute[];
}

/**
 * The custom-domains dashboard simulation as a mock extension: the dashboard API under `/__dashboard/api`,
 * its controls under `/__mock/dashboard`, and serving by `Host` for every other request.
 *
 * @example
 * const mock = createMock({ clock: 'manual', extensions: [domainsSimulation()] });
 */
export function createDomainsDashboard(options: DomainsDashboardOptions = {}): DomainsDashboard {
  const simulation = createDashboard(options);
  const api = createApiRoutes(simulation);
  const controls = createMockRoutes(simulation);
  const byHost = createHostRouting(simulation, options.ownHosts ?? [], options.refuseUnknownHosts);
  const { ready } = simulation;
  const served = options.controls !== false;

  return {
    name: 'domains-dashboard',
    simulation,
    routes: servedRoutes(served),
    handle(request: MockRequest): Promise<MockResponse | undefined> | undefined {
      const { path } = request;
      // Every Store API request comes this way: it is routed by host without testing the prefixes below.
      if (path.charCodeAt(1) !== 95 /* _ */ || !path.startsWith('/__')) return byHost(request);
      const plane = planeOf(path, served);
      // Everything else under /__ (the admin API, the settings page) is the mock's own, whatever the Host.
      if (plane === undefined) return undefined;
      return ready.then(() => (plane === 'api' ? api : controls).dispatch(request));
    },
    // Listed beside the store's by GET /__mock/presets; /__mock/dashboard/presets loads them too.
    presets: mockPresets((name) => simulation.loadPreset(name)),
    reset: () => simulation.reset(),
    state: domainsStatePart(async () => simulation),
  };
}

/** What `domainsSimulation` takes: the simulation's settings; its clock is the mock's. */
export type DomainsSimulationOptions = Omit<DomainsDashboardOptions, 'clock' | 'seededAt'>;

/**
 * The custom-domains dashboard simulation, the package's one factory for it: an extension factory for the
 * composition root (`createMock`, `createHandlers`, `startServer`), built on the mock's one clock and, when
 * the mock's state is shared (Redis), on the state's document. Its `simulation` is the engine itself.
 *
 * @example const mock = createMock({ clock: 'manual', extensions: [domainsSimulation({ dnsPropagationMs: 0 })] });
 */
export function domainsSimulation(
  options: DomainsSimulationOptions = {},
): (context: ExtensionContext) => DomainsDashboard {
  return ({ clock, documents }) => {
    // A state shared by replicas keeps the simulation's store (src/redis); in memory each state has its own.
    const shared = documents?.[DOMAINS_DOCUMENT] as DashboardStore | undefined;
    return createDomainsDashboard({ ...options, clock, store: options.store ?? shared });
  };
}
